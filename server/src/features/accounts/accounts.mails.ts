import type { OutgoingMail } from '../../platform/mail.js';

// The words of every mail the accounts feature sends. Links use the hash routes of the web app.

export function verifyEmailMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm your email for Muster',
    text: `Hi ${firstName},\n\nWelcome to Muster. Confirm your email address to start posting, joining missions and messaging people:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this mail.\n\n— Muster`,
  };
}

export function changeEmailMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Confirm your new email for Muster',
    text: `Hi ${firstName},\n\nYou asked to use this address for your Muster account. Confirm it here:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not ask for this, ignore this mail.\n\n— Muster`,
  };
}

export function emailChangeNoticeMail(to: string, firstName: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Your Muster email is being changed',
    text: `Hi ${firstName},\n\nSomeone signed in to your Muster account asked to change its email address to ${newEmail}. Nothing changes until that address is confirmed.\n\nIf this was not you, change your password now.\n\n— Muster`,
  };
}

export function resetPasswordMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your Muster password',
    text: `Hi ${firstName},\n\nSet a new password for your Muster account here:\n\n${link}\n\nThe link works once and expires in 1 hour. Every device signed in to your account will be signed out. If you did not ask for this, ignore this mail.\n\n— Muster`,
  };
}

/** A one-time way in that works while password sign-in is paused by too many guesses (decision 042). */
export function signInLinkMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Your Muster sign-in link',
    text: `Hi ${firstName},\n\nSign in to your Muster account with this link:\n\n${link}\n\nThe link works once and expires in 15 minutes. It signs you in even while sign-in with your password is paused after too many wrong tries. If you did not ask for it, ignore this mail; if someone keeps guessing your password, choose a longer one in Settings.\n\n— Muster`,
  };
}

/** To the owner of an address someone tried to sign up with: the answer on screen never says it is taken. */
export function signupAttemptMail(
  to: string,
  firstName: string,
  username: string,
  publicUrl: string,
): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to join Muster with your email',
    text: `Hi ${firstName},\n\nSomeone tried to create a Muster account with this address. It already belongs to your account, @${username}, so no other account was made.\n\nIf it was you, sign in here:\n\n${publicUrl}/#/login\n\nForgot your password? Set a new one here:\n\n${publicUrl}/#/forgot-password\n\nIf it was not you, ignore this mail: nothing has changed.\n\n— Muster`,
  };
}

/** To the owner of an address that another account asked to move to. */
export function addressInUseMail(
  to: string,
  firstName: string,
  username: string,
  publicUrl: string,
): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to use your email on Muster',
    text: `Hi ${firstName},\n\nSomeone signed in to another Muster account asked to use this address for it. The address belongs to your account, @${username}, and stays with it: nothing has changed.\n\nIf it was you, sign in to @${username} here:\n\n${publicUrl}/#/login\n\nIf it was not you, ignore this mail.\n\n— Muster`,
  };
}
