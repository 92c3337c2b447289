/**
 * The signed-in buyer's wishlist as every screen needs it: which products and variants are saved
 * (the hearts) and how many notifications of them are unread (the header badge). Both follow the
 * session; a save asked for while signed out is made once the visitor has signed in.
 */
import { t } from '@lingui/core/macro';
import { computed, effect, signal, untracked } from '@preact/signals-react';
import { type ApiError, call, server } from '../../api/client.ts';
import { session } from '../../state/session.ts';
import { subscribeLive } from '../../state/live.ts';
import { toast } from '../../state/toasts.ts';
import { noticeToast } from './noticeToast.ts';
import { keysAfter, parseWishKey, productsOf, wishKey } from './savedKeys.ts';

/** The saved products and variants (savedKeys.ts); empty when signed out or not a buyer. */
export const savedKeys = signal<ReadonlySet<string>>(new Set());

/** The products with anything of them saved (the hearts of product cards). */
export const savedIds = computed(() => productsOf(savedKeys.value));

/** Unread notifications of saved products (a lower price, stock again). */
export const unreadUpdates = signal(0);

/** The log position of the buyer's last wishlist change: the wishlist page reads after it. */
export const wishlistPosition = signal<number | undefined>(undefined);

/** Where a save asked for while signed out waits for the sign-in (the login page is another route of this tab). */
const PENDING_KEY = 'mibi.wishlist.pendingSave';

export const isBuyer = (): boolean => session.value?.roles.includes('buyer') ?? false;

async function refreshUnread(userId: string): Promise<void> {
  try {
    const { unread } = await call(server.wishlist.notifications.$get({ query: { limit: '1' } }));
    if (session.value?.id === userId) unreadUpdates.value = unread;
  } catch (error) {
    console.error('Could not load the wishlist notifications', error);
  }
}

async function loadSaved(userId: string): Promise<void> {
  try {
    const { items } = await call(server.wishlist.$get());
    if (session.value?.id === userId)
      savedKeys.value = new Set(items.map((item) => wishKey(item.productId, item.variantId)));
  } catch (error) {
    console.error('Could not load the wishlist', error);
  }
}

/**
 * Saves or removes a product (or one of its variants) for the signed-in buyer; the heart shows
 * the change at once and goes back if it fails (with an error toast). Resolves whether it was made.
 */
export async function setSaved(productId: string, saved: boolean, variantId?: string | null): Promise<boolean> {
  const key = wishKey(productId, variantId);
  const variant = parseWishKey(key).variantId;
  const before = savedKeys.value;
  const optimistic = new Set(before);
  if (saved) optimistic.add(key);
  else optimistic.delete(key);
  savedKeys.value = optimistic;
  try {
    const answer = saved
      ? await call(server.wishlist.items.$post({ json: variant ? { productId, variantId: variant } : { productId } }))
      : await call(
          server.wishlist.items[':productId'].$delete({
            param: { productId: encodeURIComponent(productId) },
            query: variant ? { variantId: variant } : {},
          }),
        );
    savedKeys.value = keysAfter(answer, optimistic);
    wishlistPosition.value = answer.position;
    toast(
      saved
        ? { title: t`Saved to Wishlist`, description: t`You will be told when its price drops or it is back in stock` }
        : { title: t`Removed from Wishlist` },
    );
    return true;
  } catch (error) {
    savedKeys.value = before;
    toast({
      title: saved ? t`Could not save to your wishlist` : t`Could not remove from your wishlist`,
      description: (error as ApiError).message,
      tone: 'error',
    });
    return false;
  }
}

/** Keeps a product (or one of its variants) to save once the visitor has signed in as a buyer. */
export function saveAfterSignIn(productId: string, variantId?: string | null): void {
  sessionStorage.setItem(PENDING_KEY, wishKey(productId, variantId));
}

/**
 * Tells the buyer of a new notification wherever they are (once, though a resumed stream sends
 * it again), of saved products and of their orders alike, and keeps the badge of the first current.
 */
function followUpdates(userId: string): () => void {
  const told = new Set<string>();
  const stopUpdates = subscribeLive('buyer-notification.changed', (update) => {
    if (!update.read && !told.has(update.id)) toast(noticeToast(update));
    told.add(update.id);
    if (update.topic === 'wishlist') void refreshUnread(userId);
  });
  const stopResets = subscribeLive('reset', () => void refreshUnread(userId));
  return () => {
    stopUpdates();
    stopResets();
  };
}

// The wishlist belongs to the buyer: load it whenever the user changes, and forget it on sign-out.
// Only the session is followed: what runs from here reads and sets the wishlist's own signals.
effect(() => {
  const user = session.value;
  return untracked(() => {
    if (user?.roles.includes('buyer')) return follow(user.id);
    // Signed in without the buyer role: a save asked for before cannot be made.
    if (user && sessionStorage.getItem(PENDING_KEY)) {
      sessionStorage.removeItem(PENDING_KEY);
      toast({ title: t`Not saved to a wishlist`, description: t`Only buyers keep a wishlist`, tone: 'error' });
    }
    return forget();
  });
});

function forget(): undefined {
  savedKeys.value = new Set();
  unreadUpdates.value = 0;
  wishlistPosition.value = undefined;
  return undefined;
}

/** Loads the buyer's wishlist (making the save they asked for before signing in) and follows their notifications; returns the unsubscribe. */
function follow(userId: string): () => void {
  const pending = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  // A save answers with every saved key; without one (or when it fails) they are loaded.
  void (async () => {
    const save = pending ? parseWishKey(pending) : undefined;
    if (!(save && (await setSaved(save.productId, true, save.variantId)))) await loadSaved(userId);
  })();
  void refreshUnread(userId);
  return followUpdates(userId);
}
