// The seed catalogue: 8 products in each of the spec's 12 categories, priced in rupees.
// Images are drawn for this project by scripts/make-images.ts (public/images/products/<sku>-<n>.svg).
import type { Category } from "../lib/catalog/categories";

/** [brand, name, list price ₹, selling price ₹, what makes it worth buying, image count 1..4] */
type Row = readonly [string, string, number, number, string, 1 | 2 | 3 | 4];

const ROWS: Record<Category, readonly Row[]> = {
  airpodes: [
    ["Apple", "AirPods Pro (2nd generation) with MagSafe Case", 26900, 20990, "Active noise cancellation, adaptive transparency and personalised spatial audio, with up to 6 hours of listening per charge.", 4],
    ["Apple", "AirPods (3rd generation) with Lightning Case", 20900, 16990, "Spatial audio with dynamic head tracking, sweat and water resistance, and up to 30 hours with the case.", 3],
    ["boAt", "Airdopes 141 True Wireless Earbuds", 4490, 1099, "42 hours of playback, ENx noise reduction for calls and the low-latency BEAST mode for gaming.", 3],
    ["Samsung", "Galaxy Buds2 Pro", 17999, 9999, "24-bit Hi-Fi sound, intelligent ANC and a compact, ergonomic fit with IPX7 water resistance.", 4],
    ["OnePlus", "Nord Buds 2r True Wireless", 2999, 1899, "12.4 mm drivers, dual-mic AI call noise reduction and 38 hours of total playback.", 2],
    ["Realme", "Buds Air 5 Pro", 6999, 4999, "50 dB active noise cancellation, LDAC Hi-Res audio and 40 hours of battery life.", 3],
    ["Noise", "Buds VS104 Max", 3999, 1499, "Hybrid ANC up to 25 dB, quad-mic ENC and instacharge: 10 minutes for 200 minutes of play.", 2],
    ["JBL", "Tune Beam TWS", 7999, 5499, "JBL Pure Bass sound, active noise cancelling with Smart Ambient and 48 hours of battery.", 3],
    ["Sony", "WF-C700N Wireless Earbuds", 11990, 7990, "Noise cancelling in a small, light shell, DSEE sound upscaling and IPX4 splash resistance.", 2],
  ],
  camera: [
    ["Canon", "EOS 1500D 24.1MP DSLR with 18-55 mm Lens", 42995, 36990, "24.1 MP APS-C sensor, full HD video and built-in Wi-Fi for sharing photos straight to your phone.", 4],
    ["Sony", "Alpha ZV-E10 Mirrorless Vlog Camera", 69990, 58490, "Interchangeable lenses, a side-flip screen and product-showcase autofocus built for creators.", 4],
    ["Nikon", "Z30 Mirrorless Camera with 16-50 mm Lens", 79995, 64990, "20.9 MP DX sensor, 4K UHD video without crop and a vari-angle touchscreen.", 3],
    ["Fujifilm", "Instax Mini 12 Instant Camera", 7999, 6499, "Automatic exposure, close-up mode and credit-card sized prints in about 90 seconds.", 3],
    ["GoPro", "HERO12 Black Action Camera", 45000, 37990, "5.3K60 video, HyperSmooth 6.0 stabilisation and waterproofing to 10 m without a case.", 4],
    ["Canon", "PowerShot SX740 HS Compact Camera", 34995, 28990, "40x optical zoom in a pocketable body with 4K video and Bluetooth pairing.", 2],
    ["DJI", "Osmo Pocket 3 Gimbal Camera", 54990, 49990, "1-inch CMOS sensor, 3-axis mechanical stabilisation and a rotating 2-inch touchscreen.", 3],
    ["Sony", "Cyber-shot DSC-W830 Digital Camera", 10490, 8990, "20.1 MP sensor with 8x optical zoom and SteadyShot image stabilisation.", 1],
  ],
  earphones: [
    ["boAt", "Bassheads 100 Wired Earphones with Mic", 999, 399, "10 mm drivers tuned for punchy bass, a tangle-free cable and an in-line mic.", 2],
    ["Sony", "MDR-EX155AP In-Ear Wired Headphones", 1990, 1290, "Lightweight 9 mm drivers and a wide 5-24,000 Hz frequency response with an in-line remote.", 2],
    ["JBL", "C100SI Wired In-Ear Headphones", 1299, 649, "JBL Pure Bass sound, a one-button universal remote and three ear-tip sizes.", 3],
    ["OnePlus", "Bullets Wireless Z2 Neckband", 2299, 1799, "12.4 mm bass drivers, 30 hours of playback and a 10-minute charge for 20 hours.", 3],
    ["Realme", "Buds Wireless 3 Neckband", 3999, 1799, "30 dB active noise cancellation, 360 degree spatial audio and 40 hours of battery.", 2],
    ["Sennheiser", "CX 80S In-Ear Wired Headphones", 3990, 1990, "Balanced, detailed sound with an in-line one-button remote and integrated microphone.", 2],
    ["boAt", "Rockerz 255 Pro+ Neckband", 3990, 1299, "60 hours of playback, ASAP charge and magnetic earbuds that switch playback on and off.", 3],
    ["Boult", "Audio ProBass Curve Neckband", 2999, 999, "Environmental noise cancellation for clear calls, IPX5 sweat resistance and 32 hours of play.", 2],
  ],
  mobiles: [
    ["Samsung", "Galaxy S24 5G (8 GB RAM, 256 GB, Onyx Black)", 89999, 74999, "Galaxy AI features, a 6.2-inch Dynamic AMOLED 2X display at 120 Hz and a 50 MP triple camera.", 4],
    ["Apple", "iPhone 15 (128 GB, Blue)", 79900, 69900, "Dynamic Island, a 48 MP main camera and USB-C, in a colour-infused glass and aluminium design.", 4],
    ["OnePlus", "12R 5G (16 GB RAM, 256 GB, Cool Blue)", 45999, 42999, "Snapdragon 8 Gen 2, a 1.5K ProXDR display at 120 Hz and 100 W SUPERVOOC charging.", 3],
    ["Redmi", "Note 13 Pro 5G (8 GB RAM, 128 GB)", 28999, 23999, "200 MP OIS camera, a 1.5K curved AMOLED display and 67 W turbo charging.", 3],
    ["Samsung", "Galaxy M34 5G (6 GB RAM, 128 GB)", 24499, 15999, "A 6000 mAh battery, a 120 Hz Super AMOLED display and a 50 MP no-shake camera.", 2],
    ["Google", "Pixel 8a (8 GB RAM, 128 GB, Obsidian)", 52999, 39999, "Google Tensor G3, seven years of updates and the Pixel camera with Magic Eraser.", 3],
    ["Motorola", "Edge 50 Fusion 5G (8 GB RAM, 128 GB)", 25999, 22999, "A 144 Hz pOLED curved display, IP68 protection and a 50 MP Sony LYTIA camera.", 2],
    ["Vivo", "T3 5G (8 GB RAM, 128 GB, Cosmic Blue)", 24999, 19999, "Dimensity 7200, a 120 Hz AMOLED display and a 50 MP Sony IMX882 OIS camera.", 2],
    ["Nothing", "Phone (2a) 5G (8 GB RAM, 128 GB)", 27999, 23999, "The Glyph interface, a 6.7-inch flexible AMOLED display and a clean Nothing OS.", 3],
  ],
  mouse: [
    ["Logitech", "MX Master 3S Wireless Performance Mouse", 10995, 8995, "8K DPI tracking on any surface, quiet clicks and MagSpeed electromagnetic scrolling.", 4],
    ["Logitech", "M331 Silent Plus Wireless Mouse", 1995, 849, "90 percent less click noise, a comfortable contoured shape and 24 months of battery life.", 2],
    ["HP", "X200 Wireless Optical Mouse", 999, 499, "A 2.4 GHz wireless connection, an ambidextrous design and up to 18 months of battery.", 1],
    ["Dell", "MS116 Wired Optical Mouse", 649, 349, "1000 DPI optical tracking and a plug-and-play USB connection for everyday work.", 1],
    ["Razer", "DeathAdder Essential Gaming Mouse", 2999, 1599, "A 6400 DPI optical sensor, mechanical switches rated for 10 million clicks and an ergonomic form.", 3],
    ["Zebronics", "Zeb-Transformer-M Gaming Mouse", 1199, 449, "Six buttons, a 3600 DPI sensor with four levels and multi-colour LED lighting.", 2],
    ["Portronics", "Toad 23 Wireless Optical Mouse", 999, 399, "Silent clicks, an adjustable 1600 DPI and a slim, travel-friendly body.", 2],
    ["Logitech", "G102 Lightsync Gaming Mouse", 2295, 1395, "An 8000 DPI gaming sensor, six programmable buttons and Lightsync RGB.", 3],
  ],
  printers: [
    ["HP", "Smart Tank 580 All-in-One WiFi Colour Printer", 21071, 14999, "Print, scan and copy with refillable ink tanks that print up to 12,000 black pages.", 3],
    ["Canon", "PIXMA MegaTank G3730 All-in-One Ink Tank Printer", 20195, 14499, "Wireless printing from your phone, low cost per page and a compact integrated tank design.", 3],
    ["Epson", "EcoTank L3252 Wi-Fi All-in-One Ink Tank Printer", 18999, 13749, "Spill-free refilling, borderless photo printing and Wi-Fi Direct.", 2],
    ["Brother", "HL-L2321D Monochrome Laser Printer", 14990, 10999, "Automatic duplex printing at up to 30 pages per minute with a 250-sheet tray.", 2],
    ["HP", "LaserJet M1005 Multifunction Printer", 24999, 16999, "Print, copy and scan with crisp laser text at up to 15 pages per minute.", 2],
    ["Canon", "PIXMA E477 All-in-One Wireless Ink Efficient Printer", 8995, 5999, "Ink-efficient cartridges, wireless printing and an easy-to-use LCD.", 1],
    ["Epson", "EcoTank L18050 A3+ Photo Printer", 97999, 82999, "Six-colour A3+ photo printing, CD and DVD printing and Wi-Fi connectivity.", 3],
    ["HP", "DeskJet 2331 All-in-One Colour Printer", 5378, 3599, "Simple print, scan and copy for the home with HP 805 cartridges.", 1],
  ],
  processor: [
    ["AMD", "Ryzen 7 7800X3D Desktop Processor", 48999, 36999, "8 cores and 16 threads with 3D V-Cache for high frame rates, on the AM5 platform.", 3],
    ["Intel", "Core i5-14600K Desktop Processor", 39999, 30499, "14 cores (6 P-cores and 8 E-cores) up to 5.3 GHz, unlocked for overclocking.", 3],
    ["AMD", "Ryzen 5 5600X Desktop Processor", 29999, 12999, "6 cores and 12 threads up to 4.6 GHz with a Wraith Stealth cooler, for AM4 boards.", 2],
    ["Intel", "Core i7-14700K Desktop Processor", 52999, 40999, "20 cores up to 5.6 GHz with Intel UHD Graphics 770, LGA 1700.", 3],
    ["Intel", "Core i3-12100F Desktop Processor", 12999, 7499, "4 cores and 8 threads up to 4.3 GHz: an efficient start for a budget gaming build.", 2],
    ["AMD", "Ryzen 9 7950X Desktop Processor", 69999, 52999, "16 cores and 32 threads up to 5.7 GHz for heavy creative and compile work.", 3],
    ["AMD", "Ryzen 5 7600 Desktop Processor", 24999, 18999, "6 cores on the Zen 4 architecture with Radeon graphics and DDR5 support.", 2],
    ["Intel", "Core i9-14900K Desktop Processor", 68999, 54999, "24 cores up to 6.0 GHz, the fastest desktop processor of its generation.", 4],
  ],
  refrigerator: [
    ["LG", "242 L 3 Star Frost-Free Double Door Refrigerator", 30999, 25490, "Smart Inverter compressor, Door Cooling+ and a multi-air-flow cooling system.", 3],
    ["Samsung", "653 L Frost-Free Side-by-Side Refrigerator", 109900, 72990, "SpaceMax technology, a digital inverter compressor and twin cooling.", 4],
    ["Whirlpool", "184 L 2 Star Direct-Cool Single Door Refrigerator", 16450, 12490, "Insulated capillary technology and ice making in 108 minutes.", 2],
    ["Haier", "325 L 3 Star Frost-Free Double Door Refrigerator", 42890, 33990, "Bottom-mounted freezer, convertible modes and a twin inverter compressor.", 3],
    ["Godrej", "190 L 2 Star Direct-Cool Single Door Refrigerator", 19800, 14990, "Turbo cooling technology and a toughened-glass shelf that holds up to 150 kg.", 2],
    ["LG", "655 L Frost-Free Side-by-Side Refrigerator with InstaView", 144999, 99990, "Knock twice to see inside, a door-in-door design and a linear inverter compressor.", 4],
    ["Samsung", "183 L 4 Star Direct-Cool Single Door Refrigerator", 20990, 16490, "Digital inverter technology, a base stand drawer and stabiliser-free operation.", 2],
    ["Bosch", "559 L Frost-Free Side-by-Side Refrigerator", 89990, 69990, "VitaFresh drawers, multi-airflow cooling and an energy-efficient inverter compressor.", 3],
  ],
  speakers: [
    ["JBL", "Flip 6 Portable Waterproof Bluetooth Speaker", 14999, 9999, "Bold JBL Original Pro Sound, IP67 dust and water proofing and 12 hours of playtime.", 4],
    ["boAt", "Stone 1200 14 W Bluetooth Speaker", 6990, 2999, "Up to 9 hours of playtime, RGB LEDs and IPX7 water resistance.", 3],
    ["Sony", "SRS-XB13 Extra Bass Portable Speaker", 4990, 3490, "EXTRA BASS in a compact build with a strap, IP67 and 16 hours of battery.", 3],
    ["Marshall", "Emberton II Portable Bluetooth Speaker", 19999, 16999, "True Stereophonic 360 degree sound, over 30 hours of playtime and IP67.", 4],
    ["Zebronics", "Zeb-Juke Bar 9400 Pro Dolby 5.1 Soundbar", 29999, 15999, "525 W output with Dolby Audio, a wireless subwoofer and satellite speakers.", 3],
    ["Bose", "SoundLink Flex Bluetooth Speaker", 17900, 14900, "PositionIQ tunes the sound to how it is placed; it floats, and is dust and waterproof.", 3],
    ["Mivi", "Roam 2 Wireless Bluetooth Speaker", 2999, 999, "5 W output with punchy bass, 24 hours of battery and a rugged design.", 2],
    ["Sony", "HT-S20R 5.1ch Dolby Digital Soundbar", 24990, 16990, "Real 5.1 surround with a subwoofer and rear speakers, 400 W of power.", 3],
  ],
  trimmers: [
    ["Philips", "BT3221/15 Cordless Beard Trimmer", 2195, 1499, "Lift and trim system, 20 length settings and 90 minutes of cordless use.", 3],
    ["Philips", "OneBlade QP2724/10 Hybrid Trimmer and Shaver", 2995, 2199, "Trims, edges and shaves any length of hair with a dual-sided blade.", 3],
    ["Mi", "Beard Trimmer 2C", 1499, 1199, "Self-sharpening steel blades, 40 length settings and fast charging.", 2],
    ["Havells", "BT5171C Rechargeable Beard Trimmer", 2095, 1299, "Titanium-coated blades, a 60-minute runtime and a USB charging port.", 2],
    ["Braun", "Series 3 MGK3220 6-in-1 All-in-One Trimmer", 3499, 2499, "Six attachments for face and hair, with lifetime-sharp blades.", 3],
    ["Nova", "NHT 1092 Cordless Trimmer", 1549, 599, "Stainless-steel blades with 9 length settings and a 45-minute runtime.", 1],
    ["Syska", "HT3052K Corded and Cordless Trimmer", 1699, 749, "Self-sharpening blades and 20 length settings from 0.5 mm to 10 mm.", 2],
    ["Panasonic", "ER-GB37 Wet and Dry Beard Trimmer", 2795, 2099, "A 45 degree blade angle, 19 length settings and washable under the tap.", 2],
  ],
  television: [
    ["Samsung", "138 cm (55 inch) Crystal 4K Vision Pro Smart LED TV", 71900, 41990, "Crystal Processor 4K, HDR10+ and a slim, bezel-less design with Tizen apps.", 4],
    ["LG", "108 cm (43 inch) 4K Ultra HD Smart LED TV", 49990, 29990, "a5 AI Processor 4K Gen6, webOS with ThinQ AI and HDR10 Pro.", 3],
    ["Sony", "Bravia 139 cm (55 inch) 4K Ultra HD Smart Google TV", 99900, 57990, "4K Processor X1, Triluminos Pro colours and Dolby Vision with Google TV.", 4],
    ["Xiaomi", "X Pro 108 cm (43 inch) 4K Dolby Vision Google TV", 42999, 29999, "Dolby Vision IQ, a 30 W speaker system and a bezel-less metal frame.", 3],
    ["TCL", "126 cm (50 inch) QLED 4K Google TV", 65990, 33990, "Quantum Dot colour, Dolby Vision and Atmos, with hands-free voice control.", 3],
    ["OnePlus", "80 cm (32 inch) Y Series HD Ready Smart Android TV", 19999, 12999, "Noise reduction and colour space mapping with 20 W Dolby Audio.", 2],
    ["Acer", "100 cm (40 inch) Advanced I Series Full HD Google TV", 26999, 16999, "Full HD with dual-band Wi-Fi, 30 W high-fidelity speakers and Google TV.", 2],
    ["LG", "164 cm (65 inch) OLED evo 4K Smart TV", 339990, 189990, "Self-lit OLED pixels, the a9 AI Processor and Dolby Vision with Atmos.", 4],
  ],
  watches: [
    ["Apple", "Watch Series 9 GPS 45 mm Aluminium Case", 44900, 41900, "The S9 chip, a brighter display, double-tap gesture and advanced health sensors.", 4],
    ["Samsung", "Galaxy Watch6 Bluetooth 44 mm", 32999, 18999, "Sleep coaching, body composition analysis and a larger, brighter sapphire display.", 3],
    ["Noise", "ColorFit Pro 5 Smart Watch", 8999, 3499, "A 1.85-inch AMOLED display, Bluetooth calling and 100 sports modes.", 3],
    ["boAt", "Wave Call 2 Smart Watch", 7499, 1299, "A 1.83-inch HD display, Bluetooth calling and a crown for quick navigation.", 2],
    ["Fire-Boltt", "Phoenix Ultra Luxury Stainless Steel Smart Watch", 14999, 2199, "A 1.39-inch display in a steel case, Bluetooth calling and 120 sports modes.", 2],
    ["Amazfit", "GTR 4 Smart Watch with GPS", 19999, 14999, "Dual-band GPS, 14-day battery life and accurate BioTracker heart rate.", 3],
    ["Titan", "Smart Pro Smart Watch with AMOLED Display", 12995, 8995, "A 1.96-inch AMOLED display, functional crown and single-chip Bluetooth calling.", 2],
    ["Garmin", "Forerunner 265 GPS Running Smartwatch", 52490, 44990, "An AMOLED display, training readiness, HRV status and up to 13 days of battery.", 4],
  ],
};

export type SeedProduct = {
  sku: string;
  productName: string;
  brandName: string;
  category: Category;
  productDesc: string;
  /** paise */
  price: number;
  /** paise */
  sellingPrice: number;
  imageCount: number;
  /** Units on hand: most products have plenty, a few none and a few under 5, so every state shows. */
  stock: number;
  /** What the product page's "Product details" shows (fictional for the demo: see seedLegalDetails). */
  legal: SeedLegalDetails;
};

export type SeedLegalDetails = { countryOfOrigin: string; manufacturer: string; importer: string | null; warrantyMonths: number };

/** Brands of the seed whose products it says are made in India; the rest are imported. */
const MADE_IN_INDIA = new Set(["Samsung", "LG", "Godrej", "Havells", "Titan", "Whirlpool", "Haier", "Bosch", "Panasonic", "Zebronics", "Syska", "Redmi", "Mi", "Xiaomi", "Vivo", "OnePlus", "Realme", "Motorola", "Nova"]);

/**
 * The Legal Metrology details of a seed product, by brand. Fictional, like the seller: a real
 * store types the maker's and importer's names and addresses from the package.
 */
export function seedLegalDetails(brand: string): SeedLegalDetails {
  if (MADE_IN_INDIA.has(brand)) {
    return { countryOfOrigin: "India", manufacturer: `Made for ${brand} by its contract manufacturer, Plot 14, Sector 63, Noida, Uttar Pradesh 201301`, importer: null, warrantyMonths: 12 };
  }
  return {
    countryOfOrigin: "China",
    manufacturer: `${brand}'s manufacturing partner, Shenzhen, Guangdong, China`,
    importer: `${brand} India (importer of record), 3rd Floor, Prestige Towers, Residency Road, Bengaluru, Karnataka 560025`,
    warrantyMonths: 12,
  };
}

/** The seed's stock for the i-th product: every 17th from the 6th has none, every 13th from the 8th has 1–4. */
export function seedStock(index: number): number {
  if (index % 17 === 5) return 0;
  if (index % 13 === 7) return 1 + (index % 4);
  return 100 + ((index * 37) % 150);
}

export const SEED_PRODUCTS: SeedProduct[] = Object.entries(ROWS)
  .flatMap(([category, rows]) =>
    rows.map(([brandName, productName, price, sellingPrice, features, imageCount], index) => ({
    sku: `${category.slice(0, 4).toUpperCase()}-${String(index + 1).padStart(3, "0")}`,
    productName: `${brandName} ${productName}`,
    brandName,
    category: category as Category,
    // What delivery costs and how returns work is stated beside the price, from lib/constants.ts,
    // never in a description (issue 35: these once promised free delivery and replacements).
    productDesc: `${features} Sold by Volt Electronics with a 1-year manufacturer warranty.`,
    price: price * 100,
    sellingPrice: sellingPrice * 100,
    imageCount,
  })),
  )
  .map((product, index) => ({ ...product, stock: seedStock(index), legal: seedLegalDetails(product.brandName) }));

export function seedImagePaths(product: Pick<SeedProduct, "sku" | "imageCount">): string[] {
  return Array.from({ length: product.imageCount }, (_, i) => `/images/products/${product.sku.toLowerCase()}-${i + 1}.svg`);
}
