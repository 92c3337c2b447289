/** One stream per staff member: each time they viewed personal data, with what and why. */
export const staffAccessStream = (userId: string): string => `staff-access-${userId}`;

/** Where personal data was shown: the analyst's SQL, the stream browser, or a certificate's evidence (a scan may show a person's ID). */
export const STAFF_SURFACES = ['sql', 'stream', 'certificate-evidence'] as const;
export type StaffSurface = (typeof STAFF_SURFACES)[number];

export type StaffAccessEvent = {
  type: 'PersonalDataViewed';
  /** `subject`: what was shown (the query, the stream's name); `reason`: why, in the staff member's words. */
  data: { by: string; surface: StaffSurface; subject: string; reason: string; at: string };
};
