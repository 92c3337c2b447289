import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CONTACT, type ContentPath } from '../../links.ts';

/** A heading and its paragraph; each page renders them in the language on screen. */
export interface ContentSection {
  heading: MessageDescriptor;
  text: MessageDescriptor;
}

export interface ContentText {
  title: MessageDescriptor;
  intro: MessageDescriptor;
  sections: readonly ContentSection[];
  /** A link onwards, shown as a button under the text. */
  action?: { label: MessageDescriptor; href: string };
}

// Named so the catalogs say {email}, {phone} and {location}, not {0}.
const { email, phone, location } = CONTACT;
const SUPPORT = msg`Write to ${email} or call ${phone} (Monday to Saturday, 10:00 to 18:00 IST).`;

/** The text of every footer page, by path. */
export const CONTENT: Record<ContentPath, ContentText> = {
  '/mission': {
    title: msg`Our Mission`,
    intro: msg`To bring the best of Indian making to buyers everywhere, and a fair share of every sale to the people who make it.`,
    sections: [
      {
        heading: msg`Makers first`,
        text: msg`Sellers set their own prices and tell their own story. We charge for the service we give, not for access to buyers.`,
      },
      {
        heading: msg`Buyers who know what they get`,
        text: msg`Verified sellers, reviewed listings and reviews only from people who bought the product.`,
      },
    ],
    action: { label: msg`About MIBI`, href: '/about' },
  },
  '/made-in-india': {
    title: msg`Made in India`,
    intro: msg`Every product on MIBI is made in India. Here is what that means and how we check it.`,
    sections: [
      {
        heading: msg`Where it is made`,
        text: msg`The final product is made or substantially finished in India by the seller or their workshop, not imported and relabelled.`,
      },
      {
        heading: msg`How we check`,
        text: msg`Sellers declare where and how each product is made; our team verifies the seller and spot-checks listings.`,
      },
    ],
  },
  '/quality': {
    title: msg`Quality Assurance`,
    intro: msg`A listing goes live only after our team has reviewed it.`,
    sections: [
      {
        heading: msg`Before listing`,
        text: msg`We check descriptions, photos, materials and prices against our seller guidelines. Listings that fall short are sent back with a reason.`,
      },
      {
        heading: msg`After the sale`,
        text: msg`Reviews from verified purchasers and return requests tell us when a product does not live up to its listing, and we act on them.`,
      },
    ],
  },
  '/how-to-order': {
    title: msg`How to Order`,
    intro: msg`Ordering on MIBI takes a few minutes.`,
    sections: [
      {
        heading: msg`1. Find your product`,
        text: msg`Browse by category or search, and open a product to see its details, stock and seller.`,
      },
      {
        heading: msg`2. Add it to your cart`,
        text: msg`Choose a quantity and add it to your cart. You need an account to keep a cart.`,
      },
      {
        heading: msg`3. Check out`,
        text: msg`Enter your shipping address, pick standard, express or overnight delivery, and pay cash on delivery.`,
      },
    ],
    action: { label: msg`Browse Products`, href: '/products' },
  },
  '/returns': {
    title: msg`Returns & Refunds`,
    intro: msg`Changed your mind, or an item is not as described? Ask the seller to take it back, straight from your orders.`,
    // The window and the categories that take returns come from the policy in force (ReturnsPage).
    sections: [
      {
        heading: msg`How to ask`,
        text: msg`Open My Orders in your dashboard, find the delivered part of your order and choose Return items: pick how many of each item to send back and tell the seller why.`,
      },
      {
        heading: msg`The seller decides`,
        text: msg`The seller accepts or rejects your request and gives a reason; you see the answer on your order, and you can follow it there.`,
      },
      {
        heading: msg`Refunds`,
        text: msg`When a return is accepted, the items go back into the seller’s stock, the seller’s earning on them is reversed and the price you paid for them is refunded. The delivery charge is not refunded: it paid for delivering your whole order.`,
      },
      { heading: msg`Questions`, text: SUPPORT },
    ],
    action: { label: msg`Go to My Orders`, href: '/dashboard/buyer' },
  },
  '/track': {
    title: msg`Track Your Order`,
    intro: msg`Every order you place is listed in your buyer dashboard with its current status: pending, processing, shipped, delivered or cancelled.`,
    sections: [
      {
        heading: msg`Live updates`,
        text: msg`The status changes as soon as the seller ships or the order is delivered; there is no need to refresh the page.`,
      },
    ],
    action: { label: msg`Go to My Orders`, href: '/dashboard/buyer' },
  },
  '/sell': {
    title: msg`Sell on MIBI`,
    intro: msg`Reach buyers across India and abroad with a verified storefront for your products.`,
    sections: [
      {
        heading: msg`Create a seller account`,
        text: msg`Sign up and choose Sell Products. Your dashboard lets you add products, manage stock and follow your orders.`,
      },
      {
        heading: msg`Get verified`,
        text: msg`Our team reviews your first listings. Once verified, your products appear in the marketplace.`,
      },
    ],
    action: { label: msg`Go to Seller Dashboard`, href: '/dashboard/seller' },
  },
  '/seller-guidelines': {
    title: msg`Seller Guidelines`,
    intro: msg`What we ask of every seller, so buyers can trust every listing.`,
    sections: [
      {
        heading: msg`Honest listings`,
        text: msg`Describe materials, size and origin accurately; use your own photos; keep stock figures up to date.`,
      },
      {
        heading: msg`Fair prices`,
        text: msg`Show the real price. An original price may only be shown if the product was actually sold at it.`,
      },
      { heading: msg`Timely dispatch`, text: msg`Ship within 2 working days of an order, packed to arrive safely.` },
    ],
  },
  '/verification': {
    title: msg`Verification Process`,
    intro: msg`Verification is how we keep MIBI authentic.`,
    sections: [
      {
        heading: msg`Sellers`,
        text: msg`We confirm who you are and where your products are made, and may ask for photos of your workshop.`,
      },
      {
        heading: msg`Products`,
        text: msg`New listings are reviewed before they are shown to buyers. A listing marked Pending Review is waiting for that check.`,
      },
    ],
  },
  '/seller-support': {
    title: msg`Seller Support`,
    intro: msg`Help with listings, orders and payments for sellers.`,
    sections: [
      { heading: msg`Talk to us`, text: SUPPORT },
      {
        heading: msg`Common questions`,
        text: msg`Listings awaiting review, stock corrections and order questions are answered within one working day.`,
      },
    ],
  },
  '/help': {
    title: msg`Help Center`,
    intro: msg`Answers to the most common questions about shopping and selling on MIBI.`,
    sections: [
      {
        heading: msg`Orders and delivery`,
        text: msg`See How to Order, Track Your Order and Returns & Refunds in the footer.`,
      },
      {
        heading: msg`Your account`,
        text: msg`Forgot your password? Use the link on the login form to get a reset link by email.`,
      },
      { heading: msg`Still stuck?`, text: SUPPORT },
    ],
    action: { label: msg`Read the FAQ`, href: '/faq' },
  },
  '/contact': {
    title: msg`Contact Us`,
    intro: msg`We are happy to help buyers and sellers alike.`,
    sections: [
      { heading: msg`Email and phone`, text: SUPPORT },
      { heading: msg`Office`, text: msg`MIBI, ${location}` },
    ],
  },
  '/faq': {
    title: msg`Frequently Asked Questions`,
    intro: msg`Quick answers to what people ask us most.`,
    sections: [
      {
        heading: msg`Is everything really made in India?`,
        text: msg`Yes. Every seller is verified and every listing reviewed; see Made in India for how.`,
      },
      { heading: msg`How do I pay?`, text: msg`Cash on delivery, or online by UPI, card or netbanking.` },
      {
        heading: msg`How much is delivery?`,
        text: msg`Standard ₹50 (5 to 7 business days), express ₹150 (2 to 3 business days), overnight ₹300 (next day).`,
      },
      { heading: msg`Can I both buy and sell?`, text: msg`Yes. One account can hold both roles.` },
    ],
  },
  '/privacy': {
    title: msg`Privacy Policy`,
    intro: msg`We collect only what we need to run the marketplace, and we never sell your data.`,
    sections: [
      {
        heading: msg`What we keep`,
        text: msg`Your name, email, password hash, orders, cart and reviews. Shipping addresses are shared only with the sellers of your order.`,
      },
      { heading: msg`Your rights`, text: msg`You can ask for a copy of your data or for its deletion at ${email}.` },
    ],
  },
  '/terms': {
    title: msg`Terms of Service`,
    intro: msg`By using MIBI you agree to these terms.`,
    sections: [
      {
        heading: msg`Accounts`,
        text: msg`Keep your password secret; you are responsible for what is done with your account.`,
      },
      {
        heading: msg`Buying and selling`,
        text: msg`A sale is a contract between buyer and seller. MIBI runs the marketplace and helps resolve disputes.`,
      },
      {
        heading: msg`Listings`,
        text: msg`Sellers must follow the Seller Guidelines. We may remove listings that do not.`,
      },
    ],
  },
  '/cookies': {
    title: msg`Cookie Policy`,
    intro: msg`MIBI uses a single cookie.`,
    sections: [
      {
        heading: msg`The session cookie`,
        text: msg`When you sign in we set one cookie that keeps you signed in. It cannot be read by scripts and is removed when you sign out.`,
      },
      { heading: msg`No tracking`, text: msg`We use no advertising or analytics cookies.` },
    ],
  },
};
