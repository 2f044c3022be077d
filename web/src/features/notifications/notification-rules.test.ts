import type { Notification } from '@muster/contract/notifications';
import { describe as group, expect, it } from 'vitest';
import {
  describe,
  isListed,
  notificationTarget,
  preview,
  sortNotifications,
  visibleNotifications,
} from './notification-rules';

const base: Notification = {
  _id: 'n1',
  type: 'like',
  subType: null,
  slideType: null,
  typeTask: null,
  read: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  message: '',
  sender: null,
  commentContent: null,
  replyContent: null,
  relatedPost: null,
  relatedUser: null,
  relatedMission: null,
  chat: null,
  othersCount: 0,
};
const n = (over: Partial<Notification>): Notification => ({ ...base, ...over });

group('notification rules (spec §4, §5)', () => {
  it('lists only the spec types, and task notifications of the two task kinds', () => {
    expect(isListed(n({ type: 'connectionRequest' }))).toBe(false);
    expect(isListed(n({ type: 'systemNotification' }))).toBe(true);
    expect(isListed(n({ type: 'task', typeTask: 'task_created' }))).toBe(true);
    expect(isListed(n({ type: 'task', typeTask: 'task_deleted' as never }))).toBe(false);
  });

  it('puts unread first, then newest first', () => {
    const sorted = sortNotifications([
      n({ _id: 'old-unread', createdAt: '2026-11-01T00:00:00Z' }),
      n({ _id: 'new-read', read: true, createdAt: '2026-11-20T00:00:00Z' }),
      n({ _id: 'new-unread', createdAt: '2026-11-19T00:00:00Z' }),
    ]);
    expect(sorted.map((x) => x._id)).toEqual(['new-unread', 'old-unread', 'new-read']);
    expect(visibleNotifications(undefined)).toEqual([]);
  });

  it('names a helper on another server from the message, and opens my offers on an answer from there (decision 090)', () => {
    const offered = n({
      type: 'newOffer',
      subType: 'remoteOffer',
      message: 'Zoe Remote (@zoe@social.example)',
      commentContent: 'I can bring rice',
      relatedPost: { _id: 'p1', image: null, content: null },
    });
    expect(describe(offered)).toBe('Zoe Remote (@zoe@social.example) offered help: I can bring rice');
    expect(notificationTarget(offered)).toBe('/post/p1');
    const answered = n({
      type: 'systemNotification',
      subType: 'remoteOfferAnswer',
      message: 'Ana One accepted your offer of help with “Rice for ten families, this week please”',
    });
    expect(describe(answered)).toBe(answered.message);
    expect(notificationTarget(answered)).toBe('/offers');
  });

  it('routes a click by the priority 1 to 5', () => {
    const post = { _id: 'p1', image: null, content: null };
    expect(
      notificationTarget(n({ type: 'task', typeTask: 'task_created', chat: 'c1', relatedPost: post })),
    ).toBe('/chat/c1');
    expect(notificationTarget(n({ type: 'missionUpdate', relatedMission: 'm1', relatedPost: post }))).toBe(
      '/missions/m1',
    );
    expect(notificationTarget(n({ type: 'comment', relatedMission: 'm1', relatedPost: post }))).toBe(
      '/post/p1',
    );
    expect(notificationTarget(n({ relatedUser: { _id: 'u1', username: 'ada' } }))).toBe('/profile/ada');
    expect(
      notificationTarget(
        n({
          relatedUser: { _id: 'u1', username: '' },
          sender: { _id: 's', username: 'ben', firstName: 'B', lastName: 'C', profilePicture: '' },
        }),
      ),
    ).toBe('/profile/ben');
    expect(notificationTarget(n({}))).toBeUndefined();
  });

  it('sends a task alert to its chat naming the mission, so the page never asks for a mission by the chat id', () => {
    for (const typeTask of ['task_created', 'task_status_change'] as const)
      expect(notificationTarget(n({ type: 'task', typeTask, chat: 'c1', relatedMission: 'm1' }))).toBe(
        '/chat/c1?mission=m1',
      );
  });

  it('names who did it on mission and task notices', () => {
    const sender = {
      _id: 'u1',
      firstName: 'Kofi',
      lastName: 'Boateng',
      username: 'kofi',
      profilePicture: '/a.png',
    };
    expect(
      describe(n({ type: 'missionUpdate', sender, message: 'posted an update to a mission you follow' })),
    ).toBe('Kofi Boateng posted an update to a mission you follow');
    expect(
      describe(n({ type: 'task', typeTask: 'task_created', sender, message: 'assigned you a task: Dig' })),
    ).toBe('Kofi Boateng assigned you a task: Dig');
    expect(
      describe(
        n({ type: 'systemNotification', sender, message: 'Kofi Boateng accepted your connection request' }),
      ),
    ).toBe('Kofi Boateng accepted your connection request');
  });

  it('says a credit on a fulfilled need whole, and its click opens the need (issue 32 item 6)', () => {
    const post = { _id: 'p1', image: null, content: null };
    const sender = {
      _id: 'u1',
      firstName: 'Kofi',
      lastName: 'Boateng',
      username: 'kofi',
      profilePicture: '',
    };
    const credit = n({
      type: 'systemNotification',
      subType: 'credited',
      sender,
      relatedPost: post,
      message: 'Kofi Boateng marked “Two vans to Umlazi for the food parcels” fulfilled with your help',
    });
    expect(isListed(credit)).toBe(true);
    expect(describe(credit)).toBe(
      'Kofi Boateng marked “Two vans to Umlazi for the food parcels” fulfilled with your help',
    );
    expect(notificationTarget(credit)).toBe('/post/p1');
    // Other system notices are still cut.
    expect(describe(n({ type: 'systemNotification', message: 'x'.repeat(61) }))).toBe(`${'x'.repeat(60)}...`);
  });

  it('says a coalesced like with its others, and a single like as the spec does (issue 34)', () => {
    const sender = {
      _id: 'u1',
      firstName: 'Dana',
      lastName: 'Okafor',
      username: 'dana',
      profilePicture: '',
    };
    const post = { _id: 'p1', image: null, content: null };
    expect(describe(n({ type: 'like', sender, relatedPost: post }))).toBe('Dana Okafor liked your post');
    expect(describe(n({ type: 'like', sender, relatedPost: post, othersCount: 1 }))).toBe(
      'Dana Okafor and 1 other liked your post',
    );
    const ten = n({ type: 'like', sender, relatedPost: post, othersCount: 9 });
    expect(describe(ten)).toBe('Dana Okafor and 9 others liked your post');
    // Still one click to the post, however many liked it.
    expect(notificationTarget(ten)).toBe('/post/p1');
  });

  it('says who mentioned you where, with the words around it, and opens the post (issue 34)', () => {
    const sender = {
      _id: 'u1',
      firstName: 'Kofi',
      lastName: 'Mensah',
      username: 'kofi',
      profilePicture: '',
    };
    const post = { _id: 'p1', image: null, content: null };
    const inComment = n({
      type: 'mention',
      subType: 'comment',
      sender,
      relatedPost: post,
      commentContent: '@ana can you drive the van on Saturday?',
    });
    expect(isListed(inComment)).toBe(true);
    expect(describe(inComment)).toBe(
      'Kofi Mensah mentioned you in a comment: @ana can you drive the van on Saturday?',
    );
    expect(notificationTarget(inComment)).toBe('/post/p1');
    expect(
      describe(
        n({ type: 'mention', subType: 'post', sender, relatedPost: post, commentContent: 'x'.repeat(70) }),
      ),
    ).toBe(`Kofi Mensah mentioned you in a post: ${'x'.repeat(60)}...`);
  });

  it('says a saved alert’s notice whole and opens the map on its post (issue 37, decision 080)', () => {
    const alert = n({
      type: 'alertMatch',
      message: 'New need near Mandaue City, Cebu, Philippines: Need a generator for the water pump',
      commentContent: 'Generators near home',
      relatedPost: { _id: 'p9', image: null, content: null },
    });
    expect(isListed(alert)).toBe(true);
    expect(describe(alert)).toBe(alert.message);
    expect(notificationTarget(alert)).toBe('/map?post=p9');
  });

  it('cuts previews at 60 characters with an ellipsis', () => {
    expect(preview('x'.repeat(60))).toBe('x'.repeat(60));
    expect(preview('x'.repeat(61))).toBe(`${'x'.repeat(60)}...`);
  });

  it('says a moderator’s decision whole with its reason, opening the standing page; a reporter’s thanks whole (decision 070)', () => {
    const strike = n({
      type: 'systemNotification',
      subType: 'strike',
      message: 'Your post was hidden because it broke the rule “No scams or fake appeals for money”.',
      commentContent: 'This donation drive is fake',
    });
    expect(describe(strike)).toBe(
      'Your post was hidden because it broke the rule “No scams or fake appeals for money”. This donation drive is fake',
    );
    expect(notificationTarget(strike)).toBe('/settings/standing');
    expect(notificationTarget(n({ type: 'systemNotification', subType: 'appealDecided' }))).toBe(
      '/settings/standing',
    );
    const thanks = 'We reviewed your report and took action. Thank you for looking out for others.';
    expect(describe(n({ type: 'systemNotification', subType: 'reportActioned', message: thanks }))).toBe(
      thanks,
    );
  });
});
