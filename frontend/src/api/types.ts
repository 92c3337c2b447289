/**
 * Shapes of the API answers the SPA reads (see /api/openapi.json). Money is integer paise:
 * show it with `formatPrice` from ../format.ts.
 */
import type { Role } from '../../../domain/actor.ts';
import type { Paise } from '../../../domain/money.ts';

export interface User {
  id: string;
  fullName: string;
  email: string;
  roles: Role[];
}

/** POST /auth/signup, POST /auth/signin */
export interface AuthResult {
  user: User;
}

/** GET /auth/me */
export interface Me {
  user: User | null;
}

/** POST /auth/forgot-password */
export interface Message {
  message: string;
}

export interface Category {
  id: string;
  name: string;
  description: string;
  /** Products of the category on sale. */
  productCount: number;
}

/** GET /categories, by name */
export interface CategoryList {
  items: Category[];
}

export interface CartLine {
  productId: string;
  quantity: number;
  product: {
    id: string;
    name: string;
    pricePaise: Paise;
    imageUrl: string | null;
    stockQuantity: number;
    /** False for a product delisted since it was added. */
    available: boolean;
  };
}

/** GET /cart */
export interface Cart {
  lines: CartLine[];
  /** Units in the cart: the header badge. */
  count: number;
  subtotalPaise: Paise;
}
