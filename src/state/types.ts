import type { Language } from '../i18n/languages';
/** Site-wide details, read live from the database node `properties` (docs/behaviour.md#site-properties). */
export interface SiteState {
  name: string;
  tagline: string;
  address: string;
  postcode: string;
  telephone: string;
  email: string;
  website: string;
  calendar: string;
  comingsoon: boolean;
  /** ISO 8601 date-time, or null while no launch date is set. */
  launch: string | null;
  /** ISO 4217 code used to show prices. */
  currency: string;
  /** BCP 47 tag used to format prices and dates. */
  locale: string;
  /** The shop's IANA time zone (where its events happen), or null while it names none. */
  timezone: string | null;
}

/** Who is signed in (docs/behaviour.md#sign-in-and-sign-out). Fields are null while signed out. */
export interface AuthState {
  id: string | null;
  created: string | number | null;
  firstname: string | null;
  lastname: string | null;
  role: string | null;
  email: string | null;
  /** Present in the model, never filled by the login transition. */
  token: string | null;
  authenticated: boolean;
}

export interface CartItem {
  id: string;
  title: string;
  price: number;
  quantity?: number;
}

/** The wishlist, called the cart in the state (docs/behaviour.md#wishlist). */
export interface CartState {
  products: CartItem[];
  total: number;
}

/** Everything persisted under localStorage["state"]. */
export interface RootState {
  site: SiteState;
  auth: AuthState;
  cart: CartState;
  /** The language the visitor chose; absent while they have not, when the browser's own decides (docs/languages.md). */
  language?: Language;
}
