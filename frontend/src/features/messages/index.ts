/** What others use of the conversations: the link to a seller order's thread, and the threads (the header's unread count). */
export { ThreadLink } from './ThreadLink.tsx';
export { threads } from './threads.ts';
