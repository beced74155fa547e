/**
 * The demo company's catalogue and people: what a distributor of groceries and household goods in
 * Egypt would have. Names are in English and Arabic (spec, Push bodies: names are maps from language
 * key to string). Codes are what the ERP may adopt by (spec, Push semantics: "Units and products with
 * the same code as one the service already has are adopted by code").
 */

/** A unit of measure. */
export interface CatalogUnit {
  code: string;
  en: string;
  ar: string;
}

/** A sellable unit of a product: `factor` base units, `price` in piastres (cents) on the standard list. */
export interface CatalogSellUnit {
  unit: string;
  factor: number;
  isDefault: boolean;
}

/** A product of the catalogue. */
export interface CatalogProduct {
  code: string;
  en: string;
  ar: string;
  category: string;
  baseUnit: string;
  /** Price of one base unit on the standard list, in cents. */
  basePriceCents: number;
  units: readonly CatalogSellUnit[];
}

/** Tax code and rate (basis points) per product category; codes of `reference/tax-codes`. */
export const categoryTax: Readonly<Record<string, { code: string; rateBp: number }>> = {
  BEVERAGES: { code: 'VAT14', rateBp: 1400 },
  DAIRY: { code: 'VAT14', rateBp: 1400 },
  SNACKS: { code: 'VAT14', rateBp: 1400 },
  HOUSEHOLD: { code: 'VAT14', rateBp: 1400 },
  STAPLES: { code: 'VAT0', rateBp: 0 },
};

/** The tax of a category not in `categoryTax` (e.g. a product the ERP pushed with its own category). */
export const defaultTax = { code: 'VAT14', rateBp: 1400 } as const;

export const units: readonly CatalogUnit[] = [
  { code: 'PCS', en: 'Piece', ar: 'قطعة' },
  { code: 'PACK', en: 'Pack', ar: 'عبوة' },
  { code: 'BOX', en: 'Box', ar: 'علبة' },
  { code: 'CTN', en: 'Carton', ar: 'كرتونة' },
  { code: 'KG', en: 'Kilogram', ar: 'كيلوجرام' },
  { code: 'SACK', en: 'Sack (25 kg)', ar: 'شيكارة (25 كجم)' },
];

function piece(
  code: string,
  en: string,
  ar: string,
  category: string,
  cents: number,
  perCarton: number,
  perPack = 0,
): CatalogProduct {
  return {
    code,
    en,
    ar,
    category,
    baseUnit: 'PCS',
    basePriceCents: cents,
    units: [
      { unit: 'PCS', factor: 1, isDefault: false },
      ...(perPack > 0 ? [{ unit: 'PACK', factor: perPack, isDefault: false }] : []),
      { unit: 'CTN', factor: perCarton, isDefault: true },
    ],
  };
}

function weighed(
  code: string,
  en: string,
  ar: string,
  category: string,
  cents: number,
  sack: boolean,
): CatalogProduct {
  return {
    code,
    en,
    ar,
    category,
    baseUnit: 'KG',
    basePriceCents: cents,
    units: [
      { unit: 'KG', factor: 1, isDefault: !sack },
      ...(sack ? [{ unit: 'SACK', factor: 25, isDefault: true }] : []),
    ],
  };
}

export const products: readonly CatalogProduct[] = [
  piece('BEV-WAT-060', 'Mineral Water 600 ml', 'مياه معدنية 600 مل', 'BEVERAGES', 450, 24, 6),
  piece('BEV-WAT-150', 'Mineral Water 1.5 L', 'مياه معدنية 1.5 لتر', 'BEVERAGES', 800, 12, 6),
  piece('BEV-COL-033', 'Cola Can 330 ml', 'كولا كانز 330 مل', 'BEVERAGES', 1500, 24, 6),
  piece('BEV-COL-100', 'Cola 1 L', 'كولا 1 لتر', 'BEVERAGES', 2200, 12),
  piece('BEV-ORJ-100', 'Orange Juice 1 L', 'عصير برتقال 1 لتر', 'BEVERAGES', 3500, 12),
  piece('BEV-MNG-023', 'Mango Juice 235 ml', 'عصير مانجو 235 مل', 'BEVERAGES', 900, 24, 6),
  piece('BEV-GUA-100', 'Guava Juice 1 L', 'عصير جوافة 1 لتر', 'BEVERAGES', 3200, 12),
  piece('BEV-TEA-100', 'Black Tea 100 Bags', 'شاي أسود 100 فتلة', 'BEVERAGES', 9500, 24),
  piece('BEV-TEA-025', 'Green Tea 25 Bags', 'شاي أخضر 25 فتلة', 'BEVERAGES', 4200, 24),
  piece('BEV-COF-200', 'Instant Coffee 200 g', 'قهوة سريعة الذوبان 200 جم', 'BEVERAGES', 21000, 12),
  piece('BEV-COF-250', 'Turkish Coffee 250 g', 'بن تركي 250 جم', 'BEVERAGES', 13500, 20),
  piece('DAI-MLK-100', 'Full Cream Milk 1 L', 'لبن كامل الدسم 1 لتر', 'DAIRY', 3800, 12),
  piece('DAI-MLS-100', 'Skimmed Milk 1 L', 'لبن خالي الدسم 1 لتر', 'DAIRY', 3900, 12),
  piece('DAI-YOG-105', 'Plain Yoghurt 105 g', 'زبادي 105 جم', 'DAIRY', 800, 24, 6),
  piece('DAI-WCH-500', 'White Cheese 500 g', 'جبنة بيضاء 500 جم', 'DAIRY', 5500, 12),
  piece('DAI-TRI-008', 'Processed Cheese 8 Portions', 'جبنة مثلثات 8 قطع', 'DAIRY', 3600, 24),
  piece('DAI-BUT-200', 'Butter 200 g', 'زبدة 200 جم', 'DAIRY', 8500, 20),
  weighed('DAI-RMY-KGM', 'Roumy Cheese', 'جبنة رومي', 'DAIRY', 36000, false),
  piece('SNK-CHP-045', 'Potato Crisps Salt 45 g', 'بطاطس شيبس ملح 45 جم', 'SNACKS', 500, 48, 12),
  piece('SNK-PUF-030', 'Cheese Puffs 30 g', 'مقرمشات بالجبنة 30 جم', 'SNACKS', 500, 48, 12),
  piece('SNK-WAF-038', 'Chocolate Wafer 38 g', 'ويفر شوكولاتة 38 جم', 'SNACKS', 700, 48, 12),
  piece('SNK-CHO-045', 'Milk Chocolate Bar 45 g', 'شوكولاتة باللبن 45 جم', 'SNACKS', 1500, 24, 12),
  piece('SNK-BDT-012', 'Date Biscuits 12 Pieces', 'بسكويت بالعجوة 12 قطعة', 'SNACKS', 1000, 36, 12),
  piece('SNK-CRS-060', 'Chocolate Croissant 60 g', 'كرواسون شوكولاتة 60 جم', 'SNACKS', 700, 36, 12),
  piece('SNK-PNT-100', 'Salted Peanuts 100 g', 'فول سوداني مملح 100 جم', 'SNACKS', 1800, 30),
  weighed('STP-RIC-KGM', 'Egyptian Rice', 'أرز مصري', 'STAPLES', 3200, true),
  weighed('STP-SUG-KGM', 'White Sugar', 'سكر أبيض', 'STAPLES', 3300, true),
  weighed('STP-LEN-KGM', 'Yellow Lentils', 'عدس أصفر', 'STAPLES', 6500, true),
  piece('STP-OIL-100', 'Sunflower Oil 1 L', 'زيت عباد الشمس 1 لتر', 'STAPLES', 8200, 12),
  piece('STP-MAC-400', 'Macaroni 400 g', 'مكرونة 400 جم', 'STAPLES', 1500, 20),
  piece('STP-FLR-100', 'Wheat Flour 1 kg', 'دقيق قمح 1 كجم', 'STAPLES', 2400, 10),
  piece('STP-FUL-400', 'Fava Beans Can 400 g', 'فول مدمس علبة 400 جم', 'STAPLES', 1600, 24),
  piece('HHD-DSH-100', 'Dishwashing Liquid 1 L', 'سائل غسيل أطباق 1 لتر', 'HOUSEHOLD', 4500, 12),
  piece('HHD-LDR-250', 'Laundry Powder 2.5 kg', 'مسحوق غسيل 2.5 كجم', 'HOUSEHOLD', 19500, 6),
  piece('HHD-BLC-100', 'Bleach 1 L', 'كلور 1 لتر', 'HOUSEHOLD', 2000, 12),
  piece('HHD-TPR-012', 'Toilet Paper 12 Rolls', 'مناديل تواليت 12 لفة', 'HOUSEHOLD', 11000, 6),
  piece('HHD-TIS-550', 'Facial Tissues 550 Sheets', 'مناديل وجه 550 منديل', 'HOUSEHOLD', 3000, 20),
  piece('HHD-SOP-120', 'Bath Soap 120 g', 'صابون استحمام 120 جم', 'HOUSEHOLD', 1700, 72, 6),
  piece('HHD-SHP-400', 'Shampoo 400 ml', 'شامبو 400 مل', 'HOUSEHOLD', 9500, 12),
  piece('HHD-TPS-100', 'Toothpaste 100 ml', 'معجون أسنان 100 مل', 'HOUSEHOLD', 4200, 24),
];

/** Price lists: the standard list and a wholesale list 6% below it. */
export const priceLists = [
  { code: 'STD', en: 'Standard prices', ar: 'قائمة الأسعار الأساسية', factorBp: 10000 },
  { code: 'WHS', en: 'Wholesale prices', ar: 'قائمة أسعار الجملة', factorBp: 9400 },
] as const;

/** Customers: grocery shops, supermarkets and kiosks in Greater Cairo and Alexandria. */
export const customers: ReadonlyArray<{ en: string; ar: string; city: 'Cairo' | 'Giza' | 'Alexandria' }> = [
  { en: 'Al Nour Supermarket', ar: 'سوبر ماركت النور', city: 'Cairo' },
  { en: 'El Salam Grocery', ar: 'بقالة السلام', city: 'Cairo' },
  { en: 'Bab El Khair Market', ar: 'ماركت باب الخير', city: 'Giza' },
  { en: 'Al Amal Kiosk', ar: 'كشك الأمل', city: 'Cairo' },
  { en: 'El Hamd Stores', ar: 'محلات الحمد', city: 'Alexandria' },
  { en: 'Al Rahma Pharmacy & Market', ar: 'صيدلية وماركت الرحمة', city: 'Giza' },
  { en: 'Fresh Corner', ar: 'فريش كورنر', city: 'Cairo' },
  { en: 'El Baraka Wholesale', ar: 'جملة البركة', city: 'Cairo' },
  { en: 'Sea Breeze Minimarket', ar: 'ميني ماركت نسيم البحر', city: 'Alexandria' },
  { en: 'Al Fath Grocery', ar: 'بقالة الفتح', city: 'Giza' },
  { en: 'Family Market', ar: 'فاميلي ماركت', city: 'Cairo' },
  { en: 'El Shorouk Supermarket', ar: 'سوبر ماركت الشروق', city: 'Cairo' },
  { en: 'Nile View Stores', ar: 'محلات نايل فيو', city: 'Giza' },
  { en: 'Al Yasmin Kiosk', ar: 'كشك الياسمين', city: 'Alexandria' },
  { en: 'Good Day Market', ar: 'ماركت جود داي', city: 'Cairo' },
  { en: 'El Tawheed Grocery', ar: 'بقالة التوحيد', city: 'Giza' },
  { en: 'Al Mostakbal Hypermarket', ar: 'هايبر ماركت المستقبل', city: 'Cairo' },
  { en: 'Zamalek Fine Foods', ar: 'زمالك للأطعمة الفاخرة', city: 'Cairo' },
  { en: 'El Mahrousa Market', ar: 'ماركت المحروسة', city: 'Alexandria' },
  { en: 'Al Ekhlas Stores', ar: 'محلات الإخلاص', city: 'Giza' },
  { en: 'Oasis Minimarket', ar: 'ميني ماركت الواحة', city: 'Cairo' },
  { en: 'El Zahraa Grocery', ar: 'بقالة الزهراء', city: 'Cairo' },
  { en: 'Pyramids Supermarket', ar: 'سوبر ماركت الأهرام', city: 'Giza' },
  { en: 'Al Safa Kiosk', ar: 'كشك الصفا', city: 'Alexandria' },
  { en: 'Golden Basket', ar: 'السلة الذهبية', city: 'Cairo' },
  { en: 'El Nasr Wholesale', ar: 'جملة النصر', city: 'Giza' },
  { en: 'Corniche Market', ar: 'ماركت الكورنيش', city: 'Alexandria' },
  { en: 'Al Wafaa Grocery', ar: 'بقالة الوفاء', city: 'Cairo' },
  { en: 'Heliopolis Gourmet', ar: 'مصر الجديدة جورميه', city: 'Cairo' },
  { en: 'El Fayrouz Stores', ar: 'محلات الفيروز', city: 'Giza' },
];

/** Districts per city, with a centre (latitude, longitude) and a branch label. */
export const districts: Readonly<
  Record<'Cairo' | 'Giza' | 'Alexandria', ReadonlyArray<{ en: string; ar: string; lat: number; lng: number }>>
> = {
  Cairo: [
    { en: 'Nasr City', ar: 'مدينة نصر', lat: 30.0561, lng: 31.3301 },
    { en: 'Maadi', ar: 'المعادي', lat: 29.9602, lng: 31.2569 },
    { en: 'Heliopolis', ar: 'مصر الجديدة', lat: 30.0911, lng: 31.3225 },
    { en: 'Shubra', ar: 'شبرا', lat: 30.0716, lng: 31.2447 },
    { en: 'Downtown', ar: 'وسط البلد', lat: 30.0459, lng: 31.2243 },
  ],
  Giza: [
    { en: 'Dokki', ar: 'الدقي', lat: 30.0385, lng: 31.2121 },
    { en: 'Haram', ar: 'الهرم', lat: 29.9899, lng: 31.1521 },
    { en: '6th of October', ar: 'السادس من أكتوبر', lat: 29.9386, lng: 30.9138 },
    { en: 'Sheikh Zayed', ar: 'الشيخ زايد', lat: 30.0444, lng: 30.9764 },
  ],
  Alexandria: [
    { en: 'Smouha', ar: 'سموحة', lat: 31.2156, lng: 29.9553 },
    { en: 'Sidi Gaber', ar: 'سيدي جابر', lat: 31.2186, lng: 29.942 },
    { en: 'Miami', ar: 'ميامي', lat: 31.2667, lng: 30.0058 },
    { en: 'Agami', ar: 'العجمي', lat: 31.0952, lng: 29.7604 },
  ],
};

export const contactNames: readonly string[] = [
  'Hany Samir',
  'Mona Fathy',
  'Tarek Nabil',
  'Sara Ashraf',
  'Waleed Gamal',
  'Nadia Fouad',
  'Amr Saeed',
  'Heba Lotfy',
];

export const salesReps: ReadonlyArray<{ en: string; ar: string }> = [
  { en: 'Ahmed Hassan', ar: 'أحمد حسن' },
  { en: 'Mohamed Ali', ar: 'محمد علي' },
  { en: 'Mahmoud Ibrahim', ar: 'محمود إبراهيم' },
  { en: 'Omar Khaled', ar: 'عمر خالد' },
  { en: 'Youssef Adel', ar: 'يوسف عادل' },
  { en: 'Karim Mostafa', ar: 'كريم مصطفى' },
];

export const warehouses: ReadonlyArray<{ code: string; en: string; ar: string }> = [
  { code: 'MAIN', en: 'Main warehouse, Obour', ar: 'المخزن الرئيسي - العبور' },
  { code: 'ALEX', en: 'Alexandria warehouse', ar: 'مخزن الإسكندرية' },
  { code: 'RET', en: 'Returns warehouse', ar: 'مخزن المرتجعات' },
];

/** Codes of `reference/return-reasons`. */
export const returnReasons: readonly string[] = [
  'DAMAGED',
  'EXPIRED',
  'NEAR_EXPIRY',
  'WRONG_ITEM',
  'CUSTOMER_REFUSED',
];

export const banks: readonly string[] = [
  'National Bank of Egypt',
  'Banque Misr',
  'CIB',
  'QNB Alahli',
  'Alexbank',
  'Banque du Caire',
];

export const bounceReasons: readonly string[] = [
  'Insufficient funds',
  'Signature mismatch',
  'Account closed',
  'Post-dated cheque presented early',
  'Stop payment by drawer',
];

export const reversalReasons: readonly string[] = [
  'Collected twice by mistake',
  'Recorded for the wrong customer',
  'Amount entered incorrectly',
  'Customer disputed the collection',
];

export const voidReasons: readonly string[] = [
  'Receipt printed with a wrong amount',
  'Printer jam, receipt reissued',
  'Customer asked for a corrected receipt',
];

export const taxRejections: readonly string[] = [
  'Receiver tax registration number is not valid',
  'Item code is not registered with the tax authority',
];

/** The office user who approves returns and reverses payments. */
export const officeUser = 'office@demo';
