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
