/** Toasts of the spec (sections 5 and 8) whose words the API and the SPA share. */
export const NOTICES = {
  loginToAddToCart: { title: 'Login Required', description: 'Please login to add items to cart' },
  loginToReview: { title: 'Login Required', description: 'Please login to submit a review' },
  purchaseRequired: { title: 'Purchase Required', description: "You can only review products you've purchased" },
  reviewSubmitted: { title: 'Review Submitted', description: 'Thank you for your review!' },
} as const;
