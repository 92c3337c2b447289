/** The demo marketplace: three verified sellers and their products (prices in paise). */
import type { z } from 'zod';
import type { ProductOption } from '../../domain/product/variants.ts';
import type { taxProfileSchema } from '../../domain/seller/schemas.ts';
import type { QuestionInput } from '../../domain/product/personalisation.ts';

/** What a demo product's pictures show (demo-images.ts draws them). */
export type Motif = 'paisley' | 'pottery' | 'jhumka' | 'spice-bowl' | 'leaves' | 'lotus' | 'diya';

export interface DemoProduct {
  name: string;
  description: string;
  pricePaise: number;
  originalPricePaise?: number;
  stockQuantity: number;
  categoryId: string;
  tags: string[];
  featured?: boolean;
  /** Made to order: days to make it once ordered. */
  madeToOrderDays?: number;
  /** Its HSN code and GST rate when not its category's defaults. */
  tax?: { hsn: string; gstRateBps: number };
  /** What the buyer is asked at add to cart. */
  personalisation?: QuestionInput[];
  /** What its pictures show, when not its category's motif (demo-images.ts). */
  motif?: Motif;
  /** Its options and the combinations sold; without them it is sold as one item at the price and stock above. */
  options?: ProductOption[];
  variants?: DemoVariant[];
}

/** A combination sold: its price when not the product's, and which of the product's pictures shows it. */
export interface DemoVariant {
  sku: string;
  optionValues: string[];
  pricePaise?: number;
  stockQuantity: number;
  /** The index of its picture among the product's (demo-images.ts draws three). */
  picture?: number;
}

/** The chappal's combinations: sizes 6-9 in tan (size 9 sold out) and 6-8 in black, size 9 a little dearer; black shown by the third picture. */
const CHAPPAL_STOCK: Record<string, Record<string, number>> = {
  Tan: { '6': 4, '7': 6, '8': 5, '9': 0 },
  Black: { '6': 3, '7': 5, '8': 2 },
};
const chappalVariants = (): DemoVariant[] =>
  Object.entries(CHAPPAL_STOCK).flatMap(([colour, sizes], c) =>
    Object.entries(sizes).map(([size, stockQuantity]) => ({
      sku: `KOL-CHAPPAL-${size}-${colour.toUpperCase()}`,
      optionValues: [size, colour],
      ...(size === '9' ? { pricePaise: 139_900 } : {}),
      stockQuantity,
      picture: c === 0 ? 0 : 2,
    })),
  );

export interface DemoSeller {
  fullName: string;
  email: string;
  /** Their storefront (the display name is `fullName`). */
  storefront: { region: string; craft: string; story: string };
  /**
   * Their tax profile as the form sends it: registered in their state, with made-up PANs and
   * GSTINs of valid shape and check character (not any real business's, as far as we know).
   */
  taxProfile: z.input<typeof taxProfileSchema>;
  products: DemoProduct[];
}

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_BUYER = { fullName: 'Ananya Sharma', email: 'buyer@mibi.demo' };

export const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

export const DEMO_SELLERS: DemoSeller[] = [
  {
    fullName: 'Varanasi Weaves',
    email: 'weaves@mibi.demo',
    storefront: {
      region: 'Varanasi, Uttar Pradesh',
      craft: 'Handloom silk and cotton weaving',
      story:
        'We are a family of weavers from Madanpura, the old weaving quarter of Varanasi. Our pit looms have run for four generations: one Banarasi saree still takes two weavers about three weeks, the zari butis lifted thread by thread from a punched-card jacquard.\n\n' +
        'Today we work with thirty weaving families across the city and in Pochampally and Lucknow, buy our yarn directly, and pay every weaver by the piece before it sells.',
    },
    taxProfile: {
      registered: true,
      legalName: 'Varanasi Weaves LLP',
      tradeName: 'Varanasi Weaves',
      gstin: '09AAJFV4127M1ZN',
      pan: 'AAJFV4127M',
      address: 'D 47/112 Ramapura, Luxa Road',
      city: 'Varanasi',
      stateCode: '09',
      pincode: '221010',
    },
    products: [
      {
        name: 'Banarasi Silk Saree',
        description: 'Pure katan silk saree with zari buttas, handwoven on a pit loom in Varanasi over three weeks.',
        pricePaise: 1_249_900,
        originalPricePaise: 1_499_900,
        stockQuantity: 6,
        categoryId: 'textiles',
        tags: ['Varanasi', 'silk', 'saree', 'zari'],
        featured: true,
      },
      {
        name: 'Khadi Cotton Kurta',
        description: 'Hand-spun, handwoven khadi kurta in natural off-white; breathes in the summer heat.',
        pricePaise: 149_900,
        stockQuantity: 40,
        categoryId: 'textiles',
        tags: ['Khadi', 'cotton', 'kurta'],
      },
      {
        name: 'Pashmina Shawl',
        description: 'Soft Kashmiri pashmina shawl with sozni hand embroidery along the borders.',
        pricePaise: 899_900,
        originalPricePaise: 999_900,
        stockQuantity: 8,
        categoryId: 'textiles',
        tags: ['Kashmir', 'pashmina', 'shawl'],
        // Embroidered after it is ordered.
        madeToOrderDays: 10,
      },
      {
        name: 'Ikat Cotton Dupatta',
        description: 'Pochampally ikat dupatta, tie-dyed yarn woven into a crisp geometric pattern.',
        pricePaise: 89_900,
        stockQuantity: 25,
        categoryId: 'textiles',
        tags: ['Pochampally', 'ikat', 'dupatta'],
      },
      {
        name: 'Jaipuri Block-Print Bedsheet',
        description: 'Double bedsheet hand block-printed with vegetable dyes, with two pillow covers.',
        pricePaise: 199_900,
        originalPricePaise: 249_900,
        stockQuantity: 15,
        categoryId: 'home-decor',
        tags: ['Jaipur', 'block print', 'bedsheet'],
        motif: 'paisley',
      },
      {
        name: 'Handloom Cotton Dhurrie',
        description: 'Flat-woven cotton dhurrie rug from Panipat, reversible and easy to wash.',
        pricePaise: 249_900,
        stockQuantity: 9,
        categoryId: 'home-decor',
        tags: ['Panipat', 'dhurrie', 'rug'],
        motif: 'paisley',
      },
      {
        name: 'Chikankari Cushion Covers (Set of 2)',
        description: 'Lucknowi chikankari hand embroidery on soft mulmul cotton cushion covers.',
        pricePaise: 79_900,
        stockQuantity: 30,
        categoryId: 'home-decor',
        tags: ['Lucknow', 'chikankari', 'cushion'],
        motif: 'paisley',
      },
      {
        name: 'Kanjeevaram Silk Stole',
        description: 'Mulberry silk stole woven in Kanchipuram with a contrast temple border.',
        pricePaise: 349_900,
        stockQuantity: 0,
        categoryId: 'textiles',
        tags: ['Kanchipuram', 'silk', 'stole'],
      },
    ],
  },
  {
    fullName: 'Rajasthan Crafts Collective',
    email: 'crafts@mibi.demo',
    storefront: {
      region: 'Jaipur, Rajasthan',
      craft: 'Blue pottery, metalwork and folk painting',
      story:
        'The collective began in 2009 in a courtyard in Jaipur, when six blue pottery families pooled their kiln time. It now brings together potters, Dhokra brass casters from Bastar, Madhubani painters from Mithila and meenakari jewellers from the Johari Bazaar.\n\n' +
        'Each piece is signed by the artisan who made it, and a share of every sale goes to the collective’s apprenticeship fund.',
    },
    taxProfile: {
      registered: true,
      legalName: 'Rajasthan Crafts Collective',
      tradeName: null,
      gstin: '08AADAR8813H1ZB',
      pan: 'AADAR8813H',
      address: '17 Johari Bazaar',
      city: 'Jaipur',
      stateCode: '08',
      pincode: '302003',
    },
    products: [
      {
        name: 'Jaipur Blue Pottery Vase',
        description: 'Quartz-based blue pottery vase, hand-painted with Persian floral motifs in cobalt blue.',
        pricePaise: 189_900,
        originalPricePaise: 229_900,
        stockQuantity: 12,
        categoryId: 'handicrafts',
        tags: ['Jaipur', 'blue pottery', 'vase'],
        featured: true,
        motif: 'pottery',
      },
      {
        name: 'Dhokra Brass Elephant',
        description: 'Lost-wax cast brass elephant by Dhokra artisans of Bastar, each piece one of a kind.',
        pricePaise: 279_900,
        stockQuantity: 7,
        categoryId: 'handicrafts',
        tags: ['Bastar', 'dhokra', 'brass'],
      },
      {
        name: 'Madhubani Painting',
        description: 'Hand-painted Madhubani artwork on handmade paper with natural pigments, 12 x 16 inches.',
        pricePaise: 349_900,
        stockQuantity: 5,
        categoryId: 'handicrafts',
        tags: ['Mithila', 'Madhubani', 'painting'],
      },
      {
        name: 'Channapatna Wooden Toy Set',
        description: 'Lacquered wooden toys turned and coloured with vegetable dyes in Channapatna; safe for children.',
        pricePaise: 99_900,
        stockQuantity: 20,
        categoryId: 'handicrafts',
        tags: ['Channapatna', 'toys', 'wood'],
        personalisation: [{ question: 'Name to engrave', kind: 'text', maxLength: 20, required: true }],
      },
      {
        name: 'Kundan Necklace Set',
        description: 'Kundan necklace with matching earrings, set in gold-plated brass by Jaipur jewellers.',
        pricePaise: 459_900,
        originalPricePaise: 549_900,
        stockQuantity: 4,
        categoryId: 'jewelry',
        tags: ['Jaipur', 'kundan', 'necklace'],
        featured: true,
      },
      {
        name: 'Oxidised Silver Jhumkas',
        description: 'Oxidised 925 silver jhumka earrings with delicate bells, handcrafted and hallmarked.',
        pricePaise: 129_900,
        stockQuantity: 18,
        categoryId: 'jewelry',
        tags: ['silver', 'jhumka', 'earrings'],
      },
      {
        name: 'Meenakari Bangles (Pair)',
        description: 'Enamelled meenakari bangles in jewel tones, finished by hand in Jaipur.',
        pricePaise: 89_900,
        stockQuantity: 22,
        categoryId: 'jewelry',
        tags: ['Jaipur', 'meenakari', 'bangles'],
        options: [{ name: 'Size', values: ['2.4', '2.6', '2.8'] }],
        variants: [
          { sku: 'MEENA-BANGLE-2.4', optionValues: ['2.4'], stockQuantity: 8 },
          { sku: 'MEENA-BANGLE-2.6', optionValues: ['2.6'], stockQuantity: 9 },
          { sku: 'MEENA-BANGLE-2.8', optionValues: ['2.8'], stockQuantity: 5 },
        ],
      },
      {
        name: 'Kolhapuri Chappal',
        description:
          'Vegetable-tanned leather chappal, hand-stitched and braided in Kolhapur; softens to the foot within a week.',
        pricePaise: 129_900,
        stockQuantity: 25,
        categoryId: 'handicrafts',
        tags: ['Kolhapur', 'leather', 'chappal'],
        // Footwear with leather soles and uppers, not the category's wooden handicrafts (4420).
        tax: { hsn: '6403', gstRateBps: 500 },
        motif: 'paisley',
        options: [
          { name: 'Size', values: ['6', '7', '8', '9'] },
          { name: 'Colour', values: ['Tan', 'Black'] },
        ],
        variants: chappalVariants(),
      },
      {
        name: 'Brass Diya Set (Set of 5)',
        description: 'Hand-beaten brass oil lamps for puja and festivals, polished to a warm glow.',
        pricePaise: 69_900,
        stockQuantity: 35,
        categoryId: 'home-decor',
        tags: ['Moradabad', 'brass', 'diya'],
      },
      {
        name: 'Pattachitra Wall Hanging',
        description: 'Odisha pattachitra scroll painted on treated cloth with mineral colours.',
        pricePaise: 229_900,
        stockQuantity: 6,
        categoryId: 'home-decor',
        tags: ['Odisha', 'pattachitra', 'wall art'],
        motif: 'lotus',
      },
    ],
  },
  {
    fullName: 'Kerala Spice Gardens',
    email: 'spices@mibi.demo',
    storefront: {
      region: 'Idukki, Kerala',
      craft: 'Organic spice growing and Ayurvedic care',
      story:
        'Our gardens sit 1,200 metres up in the Cardamom Hills, where pepper vines climb the shade trees above rows of cardamom. We are forty smallholder families who farm without synthetic pesticides, dry every harvest in the sun and grade it by hand.\n\n' +
        'Spices from other regions, like saffron from Pampore, come from growers we visit ourselves.',
    },
    taxProfile: {
      registered: true,
      legalName: 'Kerala Spice Gardens Private Limited',
      tradeName: 'Kerala Spice Gardens',
      gstin: '32AAGCK5529Q1Z2',
      pan: 'AAGCK5529Q',
      address: 'Kumily Road, Vandanmedu',
      city: 'Idukki',
      stateCode: '32',
      pincode: '685551',
    },
    products: [
      {
        name: 'Kashmiri Saffron (2 g)',
        description: 'Grade A Kashmiri mongra saffron from Pampore, hand-picked and sun-dried.',
        pricePaise: 59_900,
        originalPricePaise: 69_900,
        stockQuantity: 50,
        categoryId: 'spices',
        tags: ['Kashmir', 'saffron', 'kesar'],
        featured: true,
      },
      {
        name: 'Malabar Black Pepper (250 g)',
        description: 'Bold Tellicherry black pepper from the Malabar coast, sun-dried on the farm.',
        pricePaise: 34_900,
        stockQuantity: 80,
        categoryId: 'spices',
        tags: ['Malabar', 'pepper'],
      },
      {
        name: 'Green Cardamom (100 g)',
        description: 'Plump 8 mm green cardamom pods from the Idukki hills, full of aroma.',
        pricePaise: 44_900,
        stockQuantity: 60,
        categoryId: 'spices',
        tags: ['Idukki', 'cardamom', 'elaichi'],
      },
      {
        name: 'Lakadong Turmeric Powder (200 g)',
        description: 'High-curcumin Lakadong turmeric from Meghalaya, stone-ground in small batches.',
        pricePaise: 29_900,
        stockQuantity: 9,
        categoryId: 'spices',
        tags: ['Meghalaya', 'turmeric', 'haldi'],
      },
      {
        name: 'Darjeeling First Flush Tea (100 g)',
        description: 'Whole-leaf first flush from a single Darjeeling estate: floral and bright.',
        pricePaise: 79_900,
        stockQuantity: 30,
        categoryId: 'spices',
        tags: ['Darjeeling', 'tea'],
      },
      {
        name: 'Chyawanprash (500 g)',
        description: 'Classical Ayurvedic amla jam with over forty herbs, made in small batches with ghee and honey.',
        pricePaise: 39_900,
        stockQuantity: 45,
        categoryId: 'ayurveda',
        tags: ['Ayurveda', 'chyawanprash', 'amla'],
      },
      {
        name: 'Ashwagandha Root Powder (200 g)',
        description: 'Organic ashwagandha root powder from Madhya Pradesh farms, lab tested.',
        pricePaise: 34_900,
        originalPricePaise: 39_900,
        stockQuantity: 40,
        categoryId: 'ayurveda',
        tags: ['Ayurveda', 'ashwagandha'],
      },
      {
        name: 'Kumkumadi Face Oil (30 ml)',
        description: 'Traditional Kumkumadi tailam with saffron and 25 herbs, cold-processed in Kerala.',
        pricePaise: 69_900,
        stockQuantity: 3,
        categoryId: 'ayurveda',
        tags: ['Kerala', 'Ayurveda', 'face oil'],
      },
      {
        name: 'Neem Wood Comb',
        description: 'Hand-cut neem wood comb that is gentle on the scalp; no plastic, no static.',
        pricePaise: 19_900,
        stockQuantity: 100,
        categoryId: 'ayurveda',
        tags: ['neem', 'comb'],
      },
    ],
  },
];
