// The Message button loads the schema with its first message, through this module of its own: a
// lazy import of the chats contract itself, which the chat pages import statically, made the
// bundler move its runtime out of the React chunk into one more file on every page (decision 056).
export { sendMessageSchema } from '@muster/contract/chats';
