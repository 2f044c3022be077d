import { notificationTarget } from '@muster/contract/notification-rules';
import type { NoticeKind } from '@muster/contract/notification-settings';
import type { Notification } from '@muster/contract/notifications';
import { describe, expect, it } from 'vitest';
import { renderMail } from './layout.js';
import { noticeMail, type NoticePlaces } from './notice-mails.js';

/**
 * Each kind of notice's mail (issue 34 item 2, decision 063), from the notices the features make
 * (notifications.service.ts): its subject, its words and where its button goes. The journeys over
 * real SMTP are in notice-mail.test.ts; here every type is rendered, which a journey each would
 * take minutes to reach.
 */
const home = 'https://muster.example';
const kofi = {
  _id: 'u-kofi',
  firstName: 'Kofi',
  lastName: 'Mensah',
  username: 'kofi',
  profilePicture: '/avatar.png',
};

function notice(over: Partial<Notification>): Notification {
  return {
    _id: 'n1',
    type: 'systemNotification',
    subType: null,
    slideType: null,
    typeTask: null,
    read: false,
    createdAt: '2026-11-28T10:00:00.000Z',
    message: '',
    sender: kofi,
    commentContent: null,
    replyContent: null,
    relatedPost: null,
    relatedUser: null,
    relatedMission: null,
    chat: null,
    othersCount: 0,
    ...over,
  };
}

const need = { title: 'A van to the clinic', kind: 'need', content: 'Supplies to the clinic on Saturday' };
const post = (id: string) => ({ _id: id, image: null, content: null });

async function mailOf(n: Notification, kind: NoticeKind, places: NoticePlaces = {}, appeal?: string) {
  const target = notificationTarget(n);
  const mail = noticeMail({
    notice: n,
    kind,
    places,
    target,
    links: {
      home: `${home}/`,
      open: `${home}/#${target ?? '/notifications'}`,
      settings: `${home}/#/settings/notifications`,
      unsubscribe: `${home}/#/unsubscribe?token=t`,
      ...(appeal ? { appeal } : {}),
    },
  });
  const rendered = await renderMail(mail.element);
  // Nothing left unfilled, in either part.
  for (const part of [mail.subject, rendered.text])
    expect(part).not.toMatch(/\b(undefined|null|NaN)\b|\[object/);
  return { ...mail, ...rendered, open: `${home}/#${target ?? '/notifications'}` };
}

describe('the mail of each kind of notice', () => {
  it('offers: a new offer on a need and on a mission, accepted, declined, credited', async () => {
    const offer = await mailOf(
      notice({
        type: 'newOffer',
        message: 'offered to help with your need',
        commentContent: 'I have a van',
        relatedPost: post('p1'),
        relatedUser: { _id: 'u-kofi', username: 'kofi' },
      }),
      'offers',
      { post: need },
    );
    expect(offer.subject).toBe('Kofi Mensah offered to help with “A van to the clinic”');
    expect(offer.text).toContain('I have a van');
    expect(offer.text).toContain(`See the offer: ${home}/#/post/p1`);
    expect(offer.preview).toBe('I have a van');

    // From a helper on another server (decision 090): no sender here, the message names them.
    const remote = await mailOf(
      notice({
        type: 'newOffer',
        subType: 'remoteOffer',
        sender: null,
        message: 'Zoe Remote (@zoe@social.example)',
        commentContent: 'I can drive',
        relatedPost: post('p1'),
      }),
      'offers',
      { post: need },
    );
    expect(remote.subject).toBe(
      'Zoe Remote (@zoe@social.example) offered to help with “A van to the clinic”',
    );
    expect(remote.text).toContain('I can drive');

    const mission = await mailOf(
      notice({
        type: 'missionHelp',
        message: 'offered to help with Clean the river',
        commentContent: 'I can bring gloves',
        relatedMission: 'm1',
        relatedUser: { _id: 'u-kofi', username: 'kofi' },
      }),
      'offers',
      { mission: { title: 'Clean the river' } },
    );
    expect(mission.subject).toBe('Kofi Mensah offered to help with “Clean the river”');
    // The app opens the helper's profile for an offer to a mission; so does the mail.
    expect(mission.text).toContain(`See Kofi’s profile: ${home}/#/profile/kofi`);

    const accepted = await mailOf(
      notice({
        message: 'Kofi Mensah accepted your offer of help with “A van to the clinic”',
        kind: 'offers',
        relatedPost: post('p1'),
        chat: 'c1',
      } as Partial<Notification>),
      'offers',
      { post: need },
    );
    expect(accepted.subject).toBe('Kofi Mensah accepted your offer to help with “A van to the clinic”');
    expect(accepted.text).toContain('A chat between you two is open');

    const declined = await mailOf(
      notice({
        message: 'Thank you for offering to help with “A van to the clinic”. It is covered for now.',
        relatedPost: post('p1'),
      }),
      'offers',
      { post: need },
    );
    expect(declined.subject).toBe('Your offer to help with “A van to the clinic”');
    expect(declined.text).toContain('It is covered for now.');

    const credited = await mailOf(
      notice({
        subType: 'credited',
        message: 'Kofi Mensah marked “A van to the clinic” fulfilled with your help',
        relatedPost: post('p1'),
      }),
      'offers',
      { post: need },
    );
    expect(credited.subject).toBe(
      'Kofi Mensah thanked you: “A van to the clinic” is fulfilled with your help',
    );
    expect(credited.text).toContain(`See the need: ${home}/#/post/p1`);
  });

  it('matches: whose post may match, and why', async () => {
    const m = await mailOf(
      notice({
        type: 'matchFound',
        subType: 'seeker',
        message: "Your need 'A van to the clinic' may match Kofi Mensah's offer 'Van and driver'",
        commentContent: 'Same category: Transport · Shared words: van · About 3 km apart',
        relatedPost: post('p2'),
        relatedUser: { _id: 'u-kofi', username: 'kofi' },
      }),
      'matches',
      { post: { title: 'Van and driver', kind: 'provision', content: 'A van' } },
    );
    expect(m.subject).toBe('Kofi Mensah’s offer “Van and driver” may match yours');
    // The list's sentence, with a mail's quotation marks.
    expect(m.text).toContain(
      'Your need “A van to the clinic” may match Kofi Mensah’s offer “Van and driver”',
    );
    expect(m.text).toContain('Same category: Transport');
    expect(m.text).toContain('About 3 km apart');
    expect(m.text).toContain(`See the match: ${home}/#/post/p2`);
  });

  it('connections and chats', async () => {
    const request = await mailOf(
      notice({
        type: 'connectionRequest',
        message: 'sent you a connection request',
        relatedUser: { _id: 'u-kofi', username: 'kofi' },
      }),
      'connections',
    );
    expect(request.subject).toBe('Kofi Mensah wants to connect with you');
    expect(request.text).toContain(`See Kofi’s profile: ${home}/#/profile/kofi`);

    const yes = await mailOf(
      notice({
        message: 'Kofi Mensah accepted your connection request',
        relatedUser: { _id: 'u-kofi', username: 'kofi' },
      }),
      'connections',
    );
    expect(yes.subject).toBe('Kofi Mensah accepted your connection request');
    expect(yes.text).toContain('You are connected now: you can message each other directly.');

    const declined = await mailOf(
      notice({ message: 'Your message request to Kofi Mensah was not accepted' }),
      'chats',
    );
    expect(declined.subject).toBe('Your message request to Kofi Mensah was not accepted');
    // A notice whose click opens nothing leads to the notices themselves.
    expect(declined.text).toContain(`Open your notifications: ${home}/#/notifications`);
  });

  it('missions: a join request, its approval, an update', async () => {
    const mission = { mission: { title: 'Clean the river' } };
    const ask = await mailOf(
      notice({
        type: 'missionUpdate',
        message: 'asked to join Clean the river as a volunteer',
        relatedMission: 'm1',
      }),
      'missionJoins',
      mission,
    );
    expect(ask.subject).toBe('Kofi Mensah asked to join “Clean the river” as a volunteer');
    expect(ask.text).toContain(`Open the mission: ${home}/#/missions/m1`);

    const approved = await mailOf(
      notice({
        type: 'missionUpdate',
        message: 'approved your request to join Clean the river',
        relatedMission: 'm1',
      }),
      'missionJoins',
      mission,
    );
    expect(approved.subject).toBe('You’re in: Kofi Mensah approved your request to join “Clean the river”');

    const update = await mailOf(
      notice({
        type: 'missionUpdate',
        message: 'posted an update to Clean the river',
        relatedMission: 'm1',
        relatedPost: post('p3'),
      }),
      'missionUpdates',
      {
        ...mission,
        post: { title: '', kind: 'mission_update', content: 'We cleared 2 km of the bank today!' },
      },
    );
    expect(update.subject).toBe('Kofi Mensah posted an update to “Clean the river”');
    expect(update.text).toContain('We cleared 2 km of the bank today!');
    expect(update.text).toContain(`Read the update: ${home}/#/missions/m1`);
  });

  it('tasks: opened in the mission’s chat, as the app opens them', async () => {
    const task = await mailOf(
      notice({
        type: 'task',
        typeTask: 'task_created',
        message: 'assigned you a task: Pack the boxes',
        relatedMission: 'm1',
        chat: 'c9',
      }),
      'tasks',
      { mission: { title: 'Clean the river' } },
    );
    expect(task.subject).toBe('Kofi Mensah assigned you a task: Pack the boxes');
    expect(task.text).toContain('In the mission “Clean the river”.');
    expect(task.text).toContain(`Open the mission chat: ${home}/#/chat/c9?mission=m1`);
  });

  it('“Still needed?”, likes, comments, replies, mentions', async () => {
    const still = await mailOf(
      notice({
        type: 'stillNeeded',
        sender: null,
        message: 'Still needed? Expires in 3 days: “A van to the clinic”',
        relatedPost: post('p1'),
      }),
      'stillNeeded',
      { post: need },
    );
    expect(still.subject).toBe('Still needed? Expires in 3 days: “A van to the clinic”');
    expect(still.text).toContain(`Keep it open or close it: ${home}/#/post/p1`);

    const like = await mailOf(
      notice({ type: 'like', message: 'liked your post', relatedPost: post('p1') }),
      'likes',
      { post: need },
    );
    expect(like.subject).toBe('Kofi Mensah liked your post “A van to the clinic”');

    const comment = await mailOf(
      notice({
        type: 'comment',
        message: 'commented on your post',
        commentContent: 'Count me in',
        relatedPost: post('p1'),
      }),
      'comments',
      { post: need },
    );
    expect(comment.subject).toBe('Kofi Mensah commented on “A van to the clinic”');
    expect(comment.text).toContain(`Reply: ${home}/#/post/p1`);

    const reply = await mailOf(
      notice({
        type: 'replies',
        message: 'replied to your comment',
        replyContent: 'Me too',
        relatedPost: post('p1'),
      }),
      'comments',
      { post: need },
    );
    expect(reply.subject).toBe('Kofi Mensah replied to your comment on “A van to the clinic”');
    expect(reply.text).toContain('Me too');

    // In a post, and in a comment on it: the mail says which, rather than "in “A van to the clinic”"
    // for both, as if the post named her.
    for (const [subType, where] of [
      ['post', 'in “A van to the clinic”'],
      ['comment', 'in a comment on “A van to the clinic”'],
    ] as const) {
      const mention = await mailOf(
        notice({
          type: 'mention',
          subType,
          message: 'mentioned you',
          commentContent: '@ana can you drive?',
          relatedPost: post('p1'),
        }),
        'mentions',
        { post: need },
      );
      expect(mention.subject).toBe(`Kofi Mensah mentioned you ${where}`);
      expect(mention.text).toContain('@ana can you drive?');
    }
  });

  it('escapes what people wrote, cuts long titles in the subject, and says why the mail came', async () => {
    const long = 'A '.repeat(100) + 'very long title';
    const m = await mailOf(
      notice({
        type: 'comment',
        sender: { ...kofi, firstName: '<img src=x onerror=alert(1)>', lastName: '&amp;' },
        message: 'commented on your post',
        commentContent: '</p><script>alert("x")</script>',
        relatedPost: post('p1'),
      }),
      'comments',
      { post: { title: long, kind: 'need', content: '' } },
    );
    expect(m.html).not.toMatch(/<script|<img src=x/);
    expect(m.html).toContain('&lt;/p&gt;&lt;script&gt;');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp;amp;');
    expect(m.subject.length).toBeLessThanOrEqual(140);
    expect(m.subject).toContain('…');
    expect(m.text).toContain('You get this mail because “Comments and replies” is set to “Mail at once”');
    expect(m.text).toContain(`Stop mail about comments and replies: ${home}/#/unsubscribe?token=t`);
    expect(m.text).toContain(`Choose what reaches you: ${home}/#/settings/notifications`);
  });

  it('safety: a strike, a suspension with its appeal link, an appeal’s answer (decision 070)', async () => {
    const strike = await mailOf(
      notice({
        sender: null,
        subType: 'strike',
        message: 'Your post was hidden because it broke the rule “No scams or fake appeals for money”.',
        commentContent: 'This donation drive is fake',
      }),
      'safety',
    );
    expect(strike.subject).toBe(
      'Your post was hidden because it broke the rule “No scams or fake appeals for money”.',
    );
    expect(strike.text).toContain('This donation drive is fake');
    expect(strike.text).toContain('you can appeal it once from your account’s standing page');
    expect(strike.text).toContain(`See your standing: ${home}/#/settings/standing`);

    const appealLink = `${home}/#/appeal?token=v1.s.mac`;
    const suspended = await mailOf(
      notice({
        sender: null,
        subType: 'suspension',
        message:
          'Your account is suspended until 5 December 2026 because you broke the rule “No harassment”.',
        commentContent: 'Threats in messages',
      }),
      'safety',
      {},
      appealLink,
    );
    expect(suspended.text).toContain('Threats in messages');
    expect(suspended.text).toContain('You cannot sign in while your account is suspended.');
    expect(suspended.text).toContain(`Appeal this decision: ${appealLink}`);
    expect(suspended.text).toContain('we mail it whatever your notification settings say');

    const answered = await mailOf(
      notice({
        sender: null,
        subType: 'appealDecided',
        message:
          'Your appeal was accepted: the decision about the rule “No spam” is lifted and no longer counts against you.',
        commentContent: 'It was a real drive',
      }),
      'safety',
    );
    expect(answered.text).toContain('It was a real drive');
    expect(answered.text).toContain(
      'You get this mail because “Your account’s standing” is set to “Mail at once”',
    );
  });

  it('alerts: a post that fits a saved alert opens the map on it (decision 080)', async () => {
    const mail = await mailOf(
      notice({
        type: 'alertMatch',
        message: 'New need near Mandaue City, Cebu, Philippines: Need a generator',
        commentContent: 'Generators near home',
        relatedPost: post('p9'),
      }),
      'alerts',
      { post: { title: 'Need a generator', kind: 'need', content: 'Power is out on our street' } },
    );
    expect(mail.subject).toBe('New need near Mandaue City, Cebu, Philippines: Need a generator');
    expect(mail.text).toContain('Power is out on our street');
    expect(mail.text).toContain('It fits your alert “Generators near home”.');
    expect(mail.text).toContain(`See it on the map: ${home}/#/map?post=p9`);
    expect(mail.text).toContain('You get this mail because “Alerts near you” is set to “Mail at once”');
  });
});
