/** What other features use of the conversations: the link to a seller order's thread. */
export { ThreadLink } from './ThreadLink.tsx';
