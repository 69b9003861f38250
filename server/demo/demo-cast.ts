/**
 * Who the demo's shops and customers are, and how each one shops and pays back: made-up
 * people of a neighbourhood in Pune. server/demo/demo.ts plays them out over two months.
 */
import type { Language } from '@common/languages';

export interface DemoShop {
  key: 'kirana' | 'pharmacy' | 'hardware';
  ownerName: string;
  businessName: string;
  businessType: string;
  email: string;
  address: string;
  /** The admin's terms at approval; null keeps the defaults (2 %, ₹50,000). */
  feePercent: string | null;
  maxCreditLimit: string | null;
  creditPeriodDays: number;
  upiId: string;
  /** What a visit buys: a description the shop types on the code and the rupee range. */
  baskets: readonly Basket[];
}

export interface Basket {
  description: string | null;
  rupeesMin: number;
  rupeesMax: number;
  /** Relative weight among the shop's baskets. */
  weight: number;
}

/**
 * How a customer pays back: `cash` at the counter every few days, `upi` by a UPI claim the
 * shop confirms, `fortnightly` everything twice a month, `slow` a part now and then, so
 * their oldest purchases fall overdue, `not_yet` nothing so far.
 */
export type RepayStyle = 'cash' | 'upi' | 'fortnightly' | 'slow' | 'not_yet';

export interface DemoCustomer {
  name: string;
  language: Language;
  /** Days after the demo's first day that they sign up (and the shop opens their account). */
  joinsOnDay: number;
  accounts: readonly DemoAccount[];
}

export interface DemoAccount {
  shop: DemoShop['key'];
  limitRupees: number;
  visitsPerWeek: number;
  repay: RepayStyle;
  /** The demo's day the shop opens this account; left out, the day the customer joins. */
  opensOnDay?: number;
}

const kiranaBaskets: readonly Basket[] = [
  { description: 'Milk and bread', rupeesMin: 56, rupeesMax: 140, weight: 6 },
  { description: 'Vegetables', rupeesMin: 80, rupeesMax: 260, weight: 4 },
  { description: 'Groceries', rupeesMin: 240, rupeesMax: 1450, weight: 6 },
  { description: 'Atta and dal', rupeesMin: 320, rupeesMax: 640, weight: 3 },
  { description: 'Rice 10 kg', rupeesMin: 620, rupeesMax: 790, weight: 1 },
  { description: 'Oil and spices', rupeesMin: 280, rupeesMax: 720, weight: 2 },
  { description: 'Snacks', rupeesMin: 30, rupeesMax: 160, weight: 3 },
  { description: null, rupeesMin: 45, rupeesMax: 900, weight: 4 },
];

const pharmacyBaskets: readonly Basket[] = [
  { description: 'Medicines', rupeesMin: 120, rupeesMax: 1350, weight: 5 },
  { description: 'BP tablets, 1 month', rupeesMin: 380, rupeesMax: 520, weight: 2 },
  { description: 'Baby care', rupeesMin: 150, rupeesMax: 600, weight: 1 },
  { description: null, rupeesMin: 60, rupeesMax: 450, weight: 2 },
];

export const demoShops: Record<DemoShop['key'], DemoShop> = {
  kirana: {
    key: 'kirana',
    ownerName: 'Suresh Sharma',
    businessName: 'Sharma General Store',
    businessType: 'Kirana and general store',
    email: 'sharma.store@khata.local',
    address: 'Shop 4, Laxmi Market, FC Road, Shivajinagar, Pune 411005',
    feePercent: '1.50',
    maxCreditLimit: '25000.00',
    creditPeriodDays: 15,
    upiId: 'sharmastore@okaxis',
    baskets: kiranaBaskets,
  },
  pharmacy: {
    key: 'pharmacy',
    ownerName: 'Kavita Deshpande',
    businessName: 'Annapurna Medicals',
    businessType: 'Pharmacy',
    email: 'annapurna.medicals@khata.local',
    address: '12 Karve Road, Erandwane, Pune 411004',
    feePercent: null,
    maxCreditLimit: null,
    creditPeriodDays: 30,
    upiId: 'annapurnamedicals@oksbi',
    baskets: pharmacyBaskets,
  },
  hardware: {
    key: 'hardware',
    ownerName: 'Jignesh Patel',
    businessName: 'Patel Hardware & Paints',
    businessType: 'Hardware',
    email: 'patel.hardware@khata.local',
    address: '7 Station Road, Pimpri, Pune 411018',
    feePercent: null,
    maxCreditLimit: null,
    creditPeriodDays: 30,
    upiId: 'patelhardware@okhdfcbank',
    baskets: [],
  },
};

/** The kirana's cashier, who records cash repayments in the mornings. */
export const demoCashier = { name: 'Sanjay Kulkarni' };

/**
 * The first two are the customers whose sign-ins the demo prints: Priya owes both shops,
 * with a UPI claim waiting at the kirana and an overdue medicine bill; Rahul pays back
 * slowly, so the kirana has him among its overdue customers.
 */
export const demoCustomers: readonly DemoCustomer[] = [
  {
    name: 'Priya Nair', language: 'en', joinsOnDay: 0,
    accounts: [
      { shop: 'kirana', limitRupees: 8000, visitsPerWeek: 3, repay: 'upi' },
      { shop: 'pharmacy', limitRupees: 5000, visitsPerWeek: 0.6, repay: 'not_yet', opensOnDay: 19 },
    ],
  },
  {
    name: 'Rahul Verma', language: 'en', joinsOnDay: 1,
    accounts: [{ shop: 'kirana', limitRupees: 6000, visitsPerWeek: 2.5, repay: 'slow' }],
  },
  {
    name: 'Anjali Deshmukh', language: 'en', joinsOnDay: 1,
    accounts: [
      { shop: 'kirana', limitRupees: 10000, visitsPerWeek: 3.5, repay: 'fortnightly' },
      { shop: 'pharmacy', limitRupees: 4000, visitsPerWeek: 0.8, repay: 'cash', opensOnDay: 20 },
    ],
  },
  {
    name: 'Mohammed Iqbal', language: 'en', joinsOnDay: 2,
    accounts: [{ shop: 'kirana', limitRupees: 7000, visitsPerWeek: 2, repay: 'slow' }],
  },
  {
    name: 'Lakshmi Subramanian', language: 'ta', joinsOnDay: 3,
    accounts: [{ shop: 'kirana', limitRupees: 5000, visitsPerWeek: 2, repay: 'cash' }],
  },
  {
    name: 'Arjun Reddy', language: 'en', joinsOnDay: 4,
    accounts: [{ shop: 'kirana', limitRupees: 4000, visitsPerWeek: 1.5, repay: 'upi' }],
  },
  {
    name: 'Sunita Yadav', language: 'hi', joinsOnDay: 5,
    accounts: [{ shop: 'kirana', limitRupees: 6000, visitsPerWeek: 3, repay: 'fortnightly' }],
  },
  {
    name: 'Vikram Singh', language: 'hi', joinsOnDay: 6,
    accounts: [{ shop: 'kirana', limitRupees: 3000, visitsPerWeek: 1.5, repay: 'cash' }],
  },
  {
    name: 'Fatima Shaikh', language: 'en', joinsOnDay: 8,
    accounts: [{ shop: 'kirana', limitRupees: 5000, visitsPerWeek: 2, repay: 'upi' }],
  },
  {
    name: 'Karan Mehta', language: 'en', joinsOnDay: 9,
    accounts: [{ shop: 'kirana', limitRupees: 4500, visitsPerWeek: 1.5, repay: 'slow' }],
  },
  {
    name: 'Deepa Iyer', language: 'ta', joinsOnDay: 11,
    accounts: [{ shop: 'kirana', limitRupees: 6000, visitsPerWeek: 2, repay: 'cash' }],
  },
  {
    name: 'Harpreet Kaur', language: 'en', joinsOnDay: 13,
    accounts: [{ shop: 'kirana', limitRupees: 5000, visitsPerWeek: 1.5, repay: 'fortnightly' }],
  },
  {
    name: 'Ramesh Gupta', language: 'hi', joinsOnDay: 20,
    accounts: [{ shop: 'pharmacy', limitRupees: 6000, visitsPerWeek: 1, repay: 'cash' }],
  },
  {
    name: 'Meera Joshi', language: 'en', joinsOnDay: 23,
    accounts: [{ shop: 'pharmacy', limitRupees: 3000, visitsPerWeek: 0.7, repay: 'upi' }],
  },
];
