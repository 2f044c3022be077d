import { useEffect, useState } from 'react';

export type LegalSection = { id: string; title: string; body: React.ReactNode };

export const LEGAL_LAST_UPDATED = 'April 17, 2025';

/**
 * A long legal page with a side table of contents that follows the scroll: the section at the
 * top of the viewport is marked current (aria-current) in the contents.
 */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  const [current, setCurrent] = useState(sections[0]?.id);

  useEffect(() => {
    // The current section is the last one whose heading has passed under the sticky header;
    // at the very bottom it is the last section, however short.
    let frame = 0;
    const update = () => {
      frame = 0;
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
      let id = sections[0]?.id;
      for (const s of sections) {
        const el = document.getElementById(s.id);
        if (el && el.getBoundingClientRect().top <= 120) id = s.id;
      }
      setCurrent(atBottom ? sections[sections.length - 1]?.id : id);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [sections]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated {LEGAL_LAST_UPDATED}</p>
      <p className="mt-4 max-w-3xl text-slate-700">{intro}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Table of contents" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Contents</p>
          <ol className="mt-3 space-y-1 border-l border-slate-200">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  aria-current={current === s.id ? 'true' : undefined}
                  onClick={(e) => {
                    // Hash routing owns the URL fragment, so scroll by hand instead of navigating.
                    e.preventDefault();
                    document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  }}
                  className={`-ml-px block border-l-2 py-1.5 pl-4 text-sm ${current === s.id ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'}`}
                >
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 space-y-10">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-xl font-bold text-slate-900">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{s.body}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
