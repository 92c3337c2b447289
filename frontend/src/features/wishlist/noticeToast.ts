import { domainLines } from '../../i18n/domain-text.ts';

/**
 * The toast that tells a buyer of a new notice (of their orders or saved products): its English
 * title and text in the language on screen, as the notices' lists show them (NotificationItem).
 */
export const noticeToast = (notice: { title: string; body: string }) => ({
  title: domainLines(notice.title),
  description: domainLines(notice.body),
  tone: 'info' as const,
});
