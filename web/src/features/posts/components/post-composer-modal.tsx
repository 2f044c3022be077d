import {
  CATEGORY_MAX,
  createPostSchema,
  emergencyEmojis,
  firstLink,
  NEED_NUDGE_DAYS,
  NEED_OPEN_DAYS,
  NEED_OPEN_DAYS_DEFAULT,
  type NeedOpenDays,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
  REVIEW_DESCRIPTION_MAX,
  REVIEW_SUBJECT_MAX,
  reviewTitle,
} from '@muster/contract/posts';
import { BellRing, FileText, ImagePlus, Siren, Star, Target, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DOCUMENT_MAX_BYTES, SEARCH_DEBOUNCE_MS } from '@muster/contract/limits';
import toast from '../../../lib/toast';
import { Modal } from '../../../components/modal';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSessionQuery } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreatePostMutation } from '../api/create-post';
import { useLinkPreviewQuery } from '../api/get-link-preview';
import type { PickableMission, PickerMode } from '../api/get-my-missions';
import { useHistoricalHashtagsQuery, useMentionSuggestionsQuery } from '../api/get-suggestions';
import { clearDraft, loadDraft, saveDraft } from '../composer-draft';
import { hashtagSuggestions, insertToken, tokenAtCaret } from '../composer-suggestions';
import { withoutUpdatePrefix, withUpdatePrefix } from '../mission-update';
import { MissionPicker } from './mission-picker';
import { PlaceSearch, usePlaceField } from './place-search';

type Kind = 'need' | 'want' | 'provision' | 'general';
const kinds: Array<{ value: Kind; label: string }> = [
  { value: 'general', label: 'Post' },
  { value: 'need', label: 'Need' },
  { value: 'want', label: 'Want' },
  { value: 'provision', label: 'Offer' },
];

/** Spec §5: an emergency emoji in the text sets emergencyEmoji. */
export function findEmergencyEmoji(text: string) {
  return emergencyEmojis.find((e) => text.includes(e));
}

/**
 * The post modal, opened from 'Share your needs & wants with the world'. With `initialMission`
 * (Post update on a mission page) it opens in update mode with that mission chosen and the text
 * prefilled, as picking it would (spec §5 "Update Mission flow").
 */
export function PostComposerModal({
  open,
  onOpenChange,
  initialPicker = null,
  initialMission,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialPicker?: PickerMode | null;
  initialMission?: PickableMission;
}) {
  // The plain composer keeps an unsent draft per person (issue 16); a mission update starts from its mission instead.
  const userId = useSessionQuery().data?._id;
  const keepsDraft = !initialMission && !initialPicker;
  const [restored] = useState(() => (keepsDraft && userId ? loadDraft(userId) : null));
  const [draftShown, setDraftShown] = useState(restored !== null);
  const [kind, setKind] = useState<Kind>(restored?.kind ?? 'general');
  const [category, setCategory] = useState(restored?.category ?? '');
  const [title, setTitle] = useState(restored?.title ?? '');
  const [content, setContent] = useState(() =>
    initialMission
      ? withUpdatePrefix('', initialMission.title, initialMission.updateCount)
      : (restored?.content ?? ''),
  );
  const [openForDays, setOpenForDays] = useState<NeedOpenDays>(
    restored?.openForDays ?? NEED_OPEN_DAYS_DEFAULT,
  );
  const [image, setImage] = useState<string | null>(null);
  const [video, setVideo] = useState<string | null>(null);
  const [doc, setDoc] = useState<{ data: string; name: string } | null>(null);
  const docInput = useRef<HTMLInputElement>(null);
  // The post does not go with words in the place box that were neither picked nor kept.
  const placeField = usePlaceField(restored?.place ?? null);
  const place = placeField.place;
  const [picker, setPicker] = useState<PickerMode | null>(initialPicker);
  const [mission, setMission] = useState<{
    title: string;
    missionId: string;
    updateCount?: number;
    previousCount?: number;
  } | null>(() =>
    initialMission
      ? {
          title: initialMission.title,
          missionId: initialMission._id,
          updateCount: initialMission.updateCount + 1,
          previousCount: initialMission.updateCount,
        }
      : null,
  );
  const [review, setReview] = useState<{ subject: string; rating: number; description: string } | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const token = tokenAtCaret(content, caret);
  const mentionQuery = useDebouncedValue(token?.kind === 'mention' ? token.query : null, SEARCH_DEBOUNCE_MS);
  const mentions = useMentionSuggestionsQuery(token?.kind === 'mention' ? mentionQuery : null);
  const historical = useHistoricalHashtagsQuery(open);
  const suggestions: Array<{ key: string; label: string; insert: string }> =
    token?.kind === 'mention'
      ? (mentions.data ?? []).slice(0, 5).map((u) => ({
          key: u._id,
          label: `@${u.username} · ${u.firstName} ${u.lastName}`,
          insert: `@${u.username}`,
        }))
      : token?.kind === 'hashtag'
        ? hashtagSuggestions(historical.data ?? [], token.query, content).map((t) => ({
            key: t,
            label: `#${t}`,
            insert: `#${t}`,
          }))
        : [];

  function pickSuggestion(insert: string) {
    if (!token) return;
    const next = insertToken(content, caret, token.start, insert);
    setContent(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => textArea.current?.setSelectionRange(next.caret, next.caret));
    textArea.current?.focus();
  }
  const create = useCreatePostMutation();
  // Checked with the server's createPostSchema; a refusal of the place, the review or an attachment
  // is said under it, and one of what the form does not show (the mission) above the buttons.
  const form = useContractForm({
    id: 'post',
    fields: ['category', 'openForDays', 'title', 'content', 'place', 'review', 'media'],
    paths: {
      mapLocation: 'place',
      emergencyEmoji: 'content',
      image: 'media',
      video: 'media',
      file: 'media',
      fileName: 'media',
    },
  });
  useEffect(() => {
    if (keepsDraft && userId) saveDraft(userId, { kind, category, title, content, openForDays, place });
  }, [keepsDraft, userId, kind, category, title, content, openForDays, place]);
  const closes = kind === 'need' || kind === 'want';
  const emergency = findEmergencyEmoji(content);
  // Spec §5: a link in the text is detected and previewed (fetched by the server, once typing stops).
  const link = useDebouncedValue(firstLink(content), 800);
  const preview = useLinkPreviewQuery(link);
  const empty = content.trim() === '';

  function reset() {
    setKind('general');
    setCategory('');
    setTitle('');
    setContent('');
    setImage(null);
    setVideo(null);
    setDoc(null);
    placeField.reset();
    setPicker(null);
    setMission(null);
    setReview(null);
    setOpenForDays(NEED_OPEN_DAYS_DEFAULT);
    setDraftShown(false);
    form.clear();
    if (userId) clearDraft(userId);
  }

  function removeMission() {
    if (mission?.previousCount !== undefined)
      setContent((c) => withoutUpdatePrefix(c, mission.title, mission.previousCount!));
    setMission(null);
  }

  function choose(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const isVideo = f.type.startsWith('video/');
    if (!f.type.startsWith('image/') && !isVideo)
      return void toast.error('Please upload a valid image or video file');
    const reader = new FileReader();
    reader.onerror = () => toast.error('Failed to process file.');
    reader.onload = () => {
      if (isVideo) {
        setVideo(String(reader.result));
        setImage(null);
      } else {
        setImage(String(reader.result));
        setVideo(null);
      }
    };
    reader.readAsDataURL(f);
  }

  /** Spec §5: a document is a PDF, DOC or DOCX under 10 MB. */
  function chooseDocument(e: React.ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    if (!/\.(pdf|docx?)$/i.test(f.name)) return void toast.error('Attach a PDF, DOC or DOCX file');
    if (f.size >= DOCUMENT_MAX_BYTES) return void toast.error('File size must be less than 10MB');
    const reader = new FileReader();
    reader.onerror = () => toast.error('Failed to process file.');
    reader.onload = () => setDoc({ data: String(reader.result), name: f.name });
    reader.readAsDataURL(f);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (empty) return;
    const post = form.check(createPostSchema, {
      kind,
      content,
      ...(title.trim() ? { title } : {}),
      ...(kind !== 'general' ? { category } : {}),
      ...(closes ? { openForDays } : {}),
      ...(emergency ? { emergencyEmoji: emergency } : {}),
      ...(image ? { image } : {}),
      ...(video ? { video } : {}),
      ...(doc ? { file: doc.data, fileName: doc.name } : {}),
      ...(mission
        ? {
            mission: {
              title: mission.title,
              missionId: mission.missionId,
              ...(mission.updateCount ? { updateCount: mission.updateCount } : {}),
            },
          }
        : {}),
      ...(review && review.subject.trim()
        ? {
            review: {
              rating: review.rating,
              title: reviewTitle(review.subject),
              ...(review.description.trim() ? { description: review.description } : {}),
            },
          }
        : {}),
      ...(place
        ? {
            mapLocation: {
              address: place.address,
              name: place.name,
              coordinates: place.coordinates,
              placeId: place.placeId,
              ...(place.parts ? { parts: place.parts } : {}),
            },
          }
        : {}),
    });
    if (!post || !placeField.ready()) return;
    create.mutate(post, {
      onSuccess: () => {
        toast.success('Post created successfully');
        reset();
        onOpenChange(false);
      },
      onError: (err) => {
        form.refused(err);
        toast.error(errorMessage(err, 'Failed to create post'));
      },
    });
  }

  const input =
    'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Create a post"
      description="Share a need, a want, an offer or an update."
      size="lg"
    >
      <form onSubmit={submit} className="space-y-4">
        {draftShown && (
          <p
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700"
          >
            Your unsent draft is back.
            <button
              type="button"
              onClick={() => {
                reset();
                toast.success('Draft discarded');
              }}
              className="font-medium text-brand-700 hover:underline"
            >
              Discard draft
            </button>
          </p>
        )}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">What are you sharing?</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {kinds.map((k) => (
              <label
                key={k.value}
                className={`cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium ${kind === k.value ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
              >
                <input
                  type="radio"
                  name="kind"
                  value={k.value}
                  checked={kind === k.value}
                  onChange={() => setKind(k.value)}
                  className="sr-only"
                />
                {k.label}
              </label>
            ))}
          </div>
        </fieldset>
        {kind !== 'general' && (
          <div>
            <label htmlFor={form.fieldId('category')} className="block text-sm font-medium text-slate-700">
              Category
            </label>
            <input
              id={form.fieldId('category')}
              className={input}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              placeholder="Transport, Medical supplies, Shelter, Design…"
              maxLength={CATEGORY_MAX}
              {...form.aria('category')}
            />
            <FieldError form={form} field="category" />
          </div>
        )}
        {closes && (
          <div>
            <label htmlFor={form.fieldId('openForDays')} className="block text-sm font-medium text-slate-700">
              Open for
            </label>
            <select
              id={form.fieldId('openForDays')}
              {...form.aria('openForDays', 'post-open-for-hint')}
              className={input}
              value={openForDays}
              onChange={(e) => setOpenForDays(Number(e.target.value) as NeedOpenDays)}
            >
              {NEED_OPEN_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d} days
                </option>
              ))}
            </select>
            <p id="post-open-for-hint" className="mt-1 text-xs text-slate-500">
              Then it closes as expired. You will be asked “Still needed?” {NEED_NUDGE_DAYS} days before, and
              can keep it open.
            </p>
            <FieldError form={form} field="openForDays" />
          </div>
        )}
        <div>
          <label htmlFor={form.fieldId('title')} className="block text-sm font-medium text-slate-700">
            Title <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={form.fieldId('title')}
            className={input}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={POST_TITLE_MAX}
            {...form.aria('title')}
          />
          <FieldError form={form} field="title" />
        </div>
        <div>
          <label htmlFor={form.fieldId('content')} className="block text-sm font-medium text-slate-700">
            Text
          </label>
          <textarea
            id={form.fieldId('content')}
            ref={textArea}
            className={`${input} min-h-32`}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setCaret(e.target.selectionStart);
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
            placeholder="What do you need, or what can you give? Use #hashtags so people find it."
            maxLength={POST_CONTENT_MAX}
            {...form.aria('content')}
          />
          <FieldError form={form} field="content" />
          {suggestions.length > 0 && (
            <ul
              aria-label="Suggestions"
              className="mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow"
            >
              {suggestions.map((s) => (
                <li key={s.key}>
                  <button
                    type="button"
                    onClick={() => pickSuggestion(s.insert)}
                    className="w-full px-3 py-1.5 text-left text-sm hover:bg-slate-50"
                  >
                    {s.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {emergency && (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <Siren className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> This post will carry the emergency
            marker {emergency}. Use it only for a real emergency.
          </p>
        )}
        {preview.data && (
          <div className="rounded-lg border border-slate-200 p-3 text-sm" aria-label="Link preview">
            <p className="text-xs uppercase tracking-wide text-slate-500">{preview.data.siteName}</p>
            <p className="font-semibold text-slate-900">{preview.data.title}</p>
            {preview.data.description && (
              <p className="line-clamp-2 text-slate-600">{preview.data.description}</p>
            )}
          </div>
        )}
        <PlaceSearch {...placeField.props} error={placeField.props.error ?? form.errors.place} />
        {mission ? (
          <p className="flex items-center justify-between rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
            <span>
              {mission.updateCount ? `Update #${mission.updateCount} to ` : 'Mission: '}
              <strong>{mission.title}</strong>
            </span>
            <button
              type="button"
              onClick={removeMission}
              className="rounded-full p-1 hover:bg-brand-100"
              aria-label="Remove mission"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </p>
        ) : (
          picker && (
            <MissionPicker
              mode={picker}
              onPick={(m) => {
                if (picker === 'update') {
                  setMission({
                    title: m.title,
                    missionId: m._id,
                    updateCount: m.updateCount + 1,
                    previousCount: m.updateCount,
                  });
                  setContent((c) => withUpdatePrefix(c, m.title, m.updateCount));
                } else setMission({ title: m.title, missionId: m._id });
                setPicker(null);
              }}
            />
          )
        )}
        {review && (
          <fieldset className="space-y-2 rounded-lg border border-amber-200 bg-amber-50/50 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">Review</legend>
            <div>
              <label htmlFor={form.fieldId('review')} className="block text-sm text-slate-700">
                What are you reviewing?
              </label>
              <input
                id={form.fieldId('review')}
                className={input}
                value={review.subject}
                onChange={(e) => setReview({ ...review, subject: e.target.value })}
                maxLength={REVIEW_SUBJECT_MAX}
                {...form.aria('review')}
              />
            </div>
            <div>
              <label htmlFor="review-rating" className="block text-sm text-slate-700">
                Rating
              </label>
              <select
                id="review-rating"
                className={input}
                value={review.rating}
                onChange={(e) => setReview({ ...review, rating: Number(e.target.value) })}
              >
                {Array.from({ length: 11 }, (_, i) => i / 2).map((r) => (
                  <option key={r} value={r}>
                    {r} / 5
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="review-description" className="block text-sm text-slate-700">
                Your review <span className="text-slate-500">(optional)</span>
              </label>
              <textarea
                id="review-description"
                className={input}
                value={review.description}
                onChange={(e) => setReview({ ...review, description: e.target.value })}
                maxLength={REVIEW_DESCRIPTION_MAX}
              />
            </div>
            <FieldError form={form} field="review" />
          </fieldset>
        )}
        {video && (
          <div className="relative">
            <video
              src={video}
              controls
              className="max-h-60 w-full rounded-lg bg-black"
              aria-label="Preview of the attached video"
            />
            <button
              type="button"
              onClick={() => setVideo(null)}
              className="absolute right-2 top-2 rounded-full bg-white/90 p-1 shadow"
              aria-label="Remove video"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
        {doc && (
          <p className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <span className="flex min-w-0 items-center gap-2">
              <FileText className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{doc.name}</span>
            </span>
            <button
              type="button"
              onClick={() => setDoc(null)}
              className="rounded-full p-1 hover:bg-slate-200"
              aria-label="Remove document"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </p>
        )}
        {image && (
          <div className="relative">
            <img
              src={image}
              alt="Preview of the attached image"
              className="max-h-60 w-full rounded-lg object-cover"
            />
            <button
              type="button"
              onClick={() => setImage(null)}
              className="absolute right-2 top-2 rounded-full bg-white/90 p-1 shadow"
              aria-label="Remove image"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
        <FieldError form={form} field="media" alert />
        <FormError form={form} />
        {/* On a phone the tools wrap in rows of their own and Share sits under them, full width:
                beside them, it left the tools four ragged rows of one or two. */}
        <div className="flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap gap-1">
            <button
              type="button"
              onClick={() => file.current?.click()}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <ImagePlus className="size-4" aria-hidden="true" /> Photo
            </button>
            <button
              type="button"
              onClick={() => docInput.current?.click()}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <FileText className="size-4" aria-hidden="true" /> Document
            </button>
            <input
              ref={docInput}
              type="file"
              accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={chooseDocument}
              data-testid="post-document-input"
            />
            <button
              type="button"
              onClick={() => setReview(review ? null : { subject: '', rating: 5, description: '' })}
              aria-pressed={!!review}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <Star className="size-4" aria-hidden="true" /> Review
            </button>
            <button
              type="button"
              onClick={() => setPicker(picker === 'reference' ? null : 'reference')}
              aria-pressed={picker === 'reference'}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <Target className="size-4" aria-hidden="true" /> Mission
            </button>
            <button
              type="button"
              onClick={() => setPicker(picker === 'update' ? null : 'update')}
              aria-pressed={picker === 'update'}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <BellRing className="size-4" aria-hidden="true" /> Update mission
            </button>
          </div>
          <input
            ref={file}
            type="file"
            accept="image/*,video/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={choose}
            data-testid="post-media-input"
          />
          <button
            type="submit"
            disabled={empty || create.isPending}
            className="w-full rounded-lg bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50 sm:w-auto"
          >
            {create.isPending ? 'Sharing...' : 'Share'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
