import { CONTACT, type ContentPath } from '../../links.ts';

export interface ContentText {
  title: string;
  intro: string;
  sections: ReadonlyArray<{ heading: string; text: string }>;
  /** A link onwards, shown as a button under the text. */
  action?: { label: string; href: string };
}

const SUPPORT = `Write to ${CONTACT.email} or call ${CONTACT.phone} (Monday to Saturday, 10:00 to 18:00 IST).`;

/** The text of every footer page, by path. */
export const CONTENT: Record<ContentPath, ContentText> = {
  '/mission': {
    title: 'Our Mission',
    intro:
      'To bring the best of Indian making to buyers everywhere, and a fair share of every sale to the people who make it.',
    sections: [
      {
        heading: 'Makers first',
        text: 'Sellers set their own prices and tell their own story. We charge for the service we give, not for access to buyers.',
      },
      {
        heading: 'Buyers who know what they get',
        text: 'Verified sellers, reviewed listings and reviews only from people who bought the product.',
      },
    ],
    action: { label: 'About MIBI', href: '/about' },
  },
  '/made-in-india': {
    title: 'Made in India',
    intro: 'Every product on MIBI is made in India. Here is what that means and how we check it.',
    sections: [
      {
        heading: 'Where it is made',
        text: 'The final product is made or substantially finished in India by the seller or their workshop, not imported and relabelled.',
      },
      {
        heading: 'How we check',
        text: 'Sellers declare where and how each product is made; our team verifies the seller and spot-checks listings.',
      },
    ],
  },
  '/quality': {
    title: 'Quality Assurance',
    intro: 'A listing goes live only after our team has reviewed it.',
    sections: [
      {
        heading: 'Before listing',
        text: 'We check descriptions, photos, materials and prices against our seller guidelines. Listings that fall short are sent back with a reason.',
      },
      {
        heading: 'After the sale',
        text: 'Reviews from verified purchasers and return requests tell us when a product does not live up to its listing, and we act on them.',
      },
    ],
  },
  '/how-to-order': {
    title: 'How to Order',
    intro: 'Ordering on MIBI takes a few minutes.',
    sections: [
      {
        heading: '1. Find your product',
        text: 'Browse by category or search, and open a product to see its details, stock and seller.',
      },
      {
        heading: '2. Add it to your cart',
        text: 'Choose a quantity and add it to your cart. You need an account to keep a cart.',
      },
      {
        heading: '3. Check out',
        text: 'Enter your shipping address, pick standard, express or overnight delivery, and pay cash on delivery.',
      },
    ],
    action: { label: 'Browse Products', href: '/products' },
  },
  '/returns': {
    title: 'Returns & Refunds',
    intro:
      'Changed your mind, or an item is not as described? Ask the seller to take it back, straight from your orders.',
    // The window and the categories that take returns come from the policy in force (ReturnsPage).
    sections: [
      {
        heading: 'How to ask',
        text: 'Open My Orders in your dashboard, find the delivered part of your order and choose Return items: pick how many of each item to send back and tell the seller why.',
      },
      {
        heading: 'The seller decides',
        text: 'The seller accepts or rejects your request and gives a reason; you see the answer on your order, and you can follow it there.',
      },
      {
        heading: 'Refunds',
        text: 'When a return is accepted, the items go back into the seller’s stock, the seller’s earning on them is reversed and the price you paid for them is refunded. The delivery charge is not refunded: it paid for delivering your whole order.',
      },
      { heading: 'Questions', text: SUPPORT },
    ],
    action: { label: 'Go to My Orders', href: '/dashboard/buyer' },
  },
  '/track': {
    title: 'Track Your Order',
    intro:
      'Every order you place is listed in your buyer dashboard with its current status: pending, processing, shipped, delivered or cancelled.',
    sections: [
      {
        heading: 'Live updates',
        text: 'The status changes as soon as the seller ships or the order is delivered; there is no need to refresh the page.',
      },
    ],
    action: { label: 'Go to My Orders', href: '/dashboard/buyer' },
  },
  '/sell': {
    title: 'Sell on MIBI',
    intro: 'Reach buyers across India and abroad with a verified storefront for your products.',
    sections: [
      {
        heading: 'Create a seller account',
        text: 'Sign up and choose Sell Products. Your dashboard lets you add products, manage stock and follow your orders.',
      },
      {
        heading: 'Get verified',
        text: 'Our team reviews your first listings. Once verified, your products appear in the marketplace.',
      },
    ],
    action: { label: 'Go to Seller Dashboard', href: '/dashboard/seller' },
  },
  '/seller-guidelines': {
    title: 'Seller Guidelines',
    intro: 'What we ask of every seller, so buyers can trust every listing.',
    sections: [
      {
        heading: 'Honest listings',
        text: 'Describe materials, size and origin accurately; use your own photos; keep stock figures up to date.',
      },
      {
        heading: 'Fair prices',
        text: 'Show the real price. An original price may only be shown if the product was actually sold at it.',
      },
      { heading: 'Timely dispatch', text: 'Ship within 2 working days of an order, packed to arrive safely.' },
    ],
  },
  '/verification': {
    title: 'Verification Process',
    intro: 'Verification is how we keep MIBI authentic.',
    sections: [
      {
        heading: 'Sellers',
        text: 'We confirm who you are and where your products are made, and may ask for photos of your workshop.',
      },
      {
        heading: 'Products',
        text: 'New listings are reviewed before they are shown to buyers. A listing marked Pending Review is waiting for that check.',
      },
    ],
  },
  '/seller-support': {
    title: 'Seller Support',
    intro: 'Help with listings, orders and payments for sellers.',
    sections: [
      { heading: 'Talk to us', text: SUPPORT },
      {
        heading: 'Common questions',
        text: 'Listings awaiting review, stock corrections and order questions are answered within one working day.',
      },
    ],
  },
  '/help': {
    title: 'Help Center',
    intro: 'Answers to the most common questions about shopping and selling on MIBI.',
    sections: [
      {
        heading: 'Orders and delivery',
        text: 'See How to Order, Track Your Order and Returns & Refunds in the footer.',
      },
      {
        heading: 'Your account',
        text: 'Forgot your password? Use the link on the login form to get a reset link by email.',
      },
      { heading: 'Still stuck?', text: SUPPORT },
    ],
    action: { label: 'Read the FAQ', href: '/faq' },
  },
  '/contact': {
    title: 'Contact Us',
    intro: 'We are happy to help buyers and sellers alike.',
    sections: [
      { heading: 'Email and phone', text: SUPPORT },
      { heading: 'Office', text: `MIBI, ${CONTACT.location}` },
    ],
  },
  '/faq': {
    title: 'Frequently Asked Questions',
    intro: 'Quick answers to what people ask us most.',
    sections: [
      {
        heading: 'Is everything really made in India?',
        text: 'Yes. Every seller is verified and every listing reviewed; see Made in India for how.',
      },
      { heading: 'How do I pay?', text: 'Cash on delivery, or online by UPI, card or netbanking.' },
      {
        heading: 'How much is delivery?',
        text: 'Standard ₹50 (5 to 7 business days), express ₹150 (2 to 3 business days), overnight ₹300 (next day).',
      },
      { heading: 'Can I both buy and sell?', text: 'Yes. One account can hold both roles.' },
    ],
  },
  '/privacy': {
    title: 'Privacy Policy',
    intro: 'We collect only what we need to run the marketplace, and we never sell your data.',
    sections: [
      {
        heading: 'What we keep',
        text: 'Your name, email, password hash, orders, cart and reviews. Shipping addresses are shared only with the sellers of your order.',
      },
      { heading: 'Your rights', text: `You can ask for a copy of your data or for its deletion at ${CONTACT.email}.` },
    ],
  },
  '/terms': {
    title: 'Terms of Service',
    intro: 'By using MIBI you agree to these terms.',
    sections: [
      {
        heading: 'Accounts',
        text: 'Keep your password secret; you are responsible for what is done with your account.',
      },
      {
        heading: 'Buying and selling',
        text: 'A sale is a contract between buyer and seller. MIBI runs the marketplace and helps resolve disputes.',
      },
      { heading: 'Listings', text: 'Sellers must follow the Seller Guidelines. We may remove listings that do not.' },
    ],
  },
  '/cookies': {
    title: 'Cookie Policy',
    intro: 'MIBI uses a single cookie.',
    sections: [
      {
        heading: 'The session cookie',
        text: 'When you sign in we set one cookie that keeps you signed in. It cannot be read by scripts and is removed when you sign out.',
      },
      { heading: 'No tracking', text: 'We use no advertising or analytics cookies.' },
    ],
  },
};
