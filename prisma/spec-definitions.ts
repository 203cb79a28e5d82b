// The seed's specification definitions: what each category's products are described by (RAM in GB,
// panel type, 5G…), in the product page's order. Position is the array index (the seed sets it).
// `samples` are plausible values the synthetic catalogue generator picks from; the seeded products'
// own values are in prisma/catalogue-specs.ts.
import type { Category } from "../lib/catalog/categories";
import type { SpecDefinition, SpecValue } from "../lib/catalog/specs";

export type SeedSpecDefinition = Omit<SpecDefinition, "position"> & { samples: SpecValue[] };

type NumberRules = {
  unit: string | null;
  /** The UN/CEFACT common code of the unit; null when it has none (a bare count, MP, ppm…). */
  unitCode: string | null;
  min: number;
  max: number;
  decimals?: number;
  buckets: number[];
  better?: "higher" | "lower" | null;
};

function number(key: string, label: string, group: string, rules: NumberRules, samples: number[]): SeedSpecDefinition {
  const { unit, unitCode, min, max, decimals = 0, buckets, better = null } = rules;
  return { key, label, group, type: "number", unit, unitCode, choices: [], min, max, decimals, buckets, filterable: true, comparable: true, better, samples };
}

const NOT_A_NUMBER = { unit: null, unitCode: null, min: null, max: null, decimals: 0, buckets: [], better: null } as const;

/** One of a list; the samples are the list itself unless given. */
function choice(key: string, label: string, group: string, choices: string[], samples: string[] = choices): SeedSpecDefinition {
  return { key, label, group, type: "choice", ...NOT_A_NUMBER, buckets: [], choices, filterable: true, comparable: true, samples };
}

function multi(key: string, label: string, group: string, choices: string[], samples: string[][]): SeedSpecDefinition {
  return { key, label, group, type: "multi", ...NOT_A_NUMBER, buckets: [], choices, filterable: true, comparable: true, samples };
}

function yesNo(key: string, label: string, group: string): SeedSpecDefinition {
  return { key, label, group, type: "boolean", ...NOT_A_NUMBER, buckets: [], choices: [], filterable: true, comparable: true, samples: [true, false] };
}

function text(key: string, label: string, group: string, samples: string[]): SeedSpecDefinition {
  return { key, label, group, type: "text", ...NOT_A_NUMBER, buckets: [], choices: [], filterable: false, comparable: true, samples };
}

// Shared by earphones and airpodes (the same keys, so that a shopper's filters read alike) --------

const EAR_TYPES = ["In-ear", "Over-ear", "On-ear", "Neckband", "True wireless"];
const BLUETOOTH_VERSIONS = ["4.2", "5.0", "5.1", "5.2", "5.3", "5.4"];
const AUDIO_CODECS = ["SBC", "AAC", "aptX", "LDAC", "LHDC", "Samsung Seamless"];
const CODEC_SAMPLES = [["SBC"], ["SBC", "AAC"], ["SBC", "AAC", "LDAC"], ["SBC", "aptX"], ["SBC", "AAC", "aptX"], ["SBC", "AAC", "LHDC"], ["SBC", "AAC", "Samsung Seamless"]];
const IP_RATINGS = ["None", "IPX4", "IPX5", "IP54", "IP55", "IPX7", "IP67"];

const earType = (samples: string[]) => choice("type", "Type", "General", EAR_TYPES, samples);
const noiseCancellation = () => yesNo("noise_cancellation", "Active noise cancellation", "Audio");
const driverSize = () => number("driver_mm", "Driver size", "Audio", { unit: "mm", unitCode: "MMT", min: 4, max: 60, decimals: 1, buckets: [5, 8, 10, 12] }, [6, 8, 10, 11, 12.4, 13.4, 40]);
const bluetoothVersion = () => choice("bluetooth_version", "Bluetooth version", "Connectivity", BLUETOOTH_VERSIONS, ["5.0", "5.1", "5.2", "5.3", "5.4"]);
const audioCodecs = () => multi("codecs", "Audio codecs", "Connectivity", AUDIO_CODECS, CODEC_SAMPLES);
const earWaterResistance = () => choice("water_resistance", "Water resistance", "Build", IP_RATINGS);

export const SEED_SPEC_DEFINITIONS: Record<Category, SeedSpecDefinition[]> = {
  airpodes: [
    earType(["True wireless"]),
    noiseCancellation(),
    number("battery_hours", "Battery life with case", "Battery", { unit: "hours", unitCode: "HUR", min: 1, max: 150, buckets: [10, 20, 30, 40], better: "higher" }, [
      15, 20, 24, 28, 30, 36, 40, 45, 50, 60,
    ]),
    number("playback_hours", "Playback per charge", "Battery", { unit: "hours", unitCode: "HUR", min: 1, max: 20, decimals: 1, buckets: [4, 6, 8, 10], better: "higher" }, [
      4.5, 5, 6, 7.5, 8, 9, 10, 12,
    ]),
    yesNo("wireless_charging", "Wireless charging case", "Battery"),
    bluetoothVersion(),
    audioCodecs(),
    driverSize(),
    earWaterResistance(),
  ],
  camera: [
    choice("camera_type", "Camera type", "General", ["DSLR", "Mirrorless", "Compact", "Action", "Instant", "Gimbal"]),
    number("resolution_mp", "Sensor resolution", "Sensor", { unit: "MP", unitCode: null, min: 1, max: 200, decimals: 1, buckets: [5, 12, 20, 24, 30, 40], better: "higher" }, [
      12, 16.1, 20.1, 24.2, 26.1, 33, 45.7, 61,
    ]),
    choice("sensor_type", "Sensor type", "Sensor", ["Full frame", "APS-C", "Micro Four Thirds", "1-inch", "1/1.9-inch", "1/2.3-inch", "Instant film"]),
    choice("video_resolution", "Video resolution", "Video", ["HD", "Full HD", "4K", "5.3K", "6K", "8K"]),
    number("optical_zoom_x", "Optical zoom", "Lens", { unit: "x", unitCode: null, min: 1, max: 125, decimals: 1, buckets: [1, 3, 5, 10, 30], better: "higher" }, [1, 3.1, 4, 5, 8, 10, 20, 40, 65]),
    choice("stabilisation", "Image stabilisation", "Lens", ["None", "Optical", "Sensor-shift", "Electronic", "Gimbal"]),
    multi("connectivity", "Connectivity", "Connectivity", ["Wi-Fi", "Bluetooth", "NFC", "USB-C", "Micro USB", "HDMI"], [
      ["Wi-Fi", "Bluetooth", "USB-C"],
      ["Wi-Fi", "Bluetooth", "USB-C", "HDMI"],
      ["Wi-Fi", "NFC", "HDMI"],
      ["Wi-Fi", "Bluetooth", "Micro USB", "HDMI"],
      ["Micro USB"],
      ["Wi-Fi", "Micro USB"],
    ]),
    number("weight_g", "Weight", "General", { unit: "g", unitCode: "GRM", min: 10, max: 5000, buckets: [100, 200, 300, 400, 500], better: "lower" }, [120, 154, 179, 299, 343, 405, 475, 650, 900]),
  ],
  earphones: [
    earType(["In-ear", "Neckband", "Over-ear", "On-ear"]),
    choice("connection", "Connection", "Connectivity", ["Wired", "Wireless"]),
    noiseCancellation(),
    number("battery_hours", "Battery life", "Battery", { unit: "hours", unitCode: "HUR", min: 1, max: 200, buckets: [5, 10, 20, 30, 40, 60], better: "higher" }, [
      8, 12, 20, 25, 30, 35, 40, 50, 60, 80,
    ]),
    bluetoothVersion(),
    audioCodecs(),
    driverSize(),
    yesNo("microphone", "Microphone", "Audio"),
    earWaterResistance(),
  ],
  mobiles: [
    number("display_size_in", "Display size", "Display", { unit: "inches", unitCode: "INH", min: 3, max: 10, decimals: 1, buckets: [4, 6, 6.4, 6.7] }, [5.4, 6.1, 6.2, 6.4, 6.5, 6.6, 6.7, 6.8, 7.6]),
    number("refresh_rate_hz", "Refresh rate", "Display", { unit: "Hz", unitCode: "HTZ", min: 30, max: 240, buckets: [60, 90, 120, 144], better: "higher" }, [60, 90, 120, 144, 165]),
    text("processor", "Processor", "Performance", [
      "Qualcomm Snapdragon 8 Gen 3", "Qualcomm Snapdragon 7s Gen 2", "MediaTek Dimensity 7200", "MediaTek Helio G99", "Samsung Exynos 1380", "Apple A16 Bionic", "Google Tensor G3",
      "Unisoc T612",
    ]),
    number("ram_gb", "RAM", "Memory", { unit: "GB", unitCode: "E34", min: 1, max: 32, buckets: [4, 6, 8, 12], better: "higher" }, [4, 6, 8, 12, 16]),
    number("storage_gb", "Storage", "Memory", { unit: "GB", unitCode: "E34", min: 8, max: 2048, buckets: [64, 128, 256, 512], better: "higher" }, [64, 128, 256, 512, 1024]),
    number("main_camera_mp", "Main camera", "Camera", { unit: "MP", unitCode: null, min: 2, max: 250, buckets: [8, 12, 48, 64, 108], better: "higher" }, [13, 48, 50, 64, 108, 200]),
    number("battery_mah", "Battery", "Battery", { unit: "mAh", unitCode: "E09", min: 500, max: 10000, buckets: [3000, 4000, 5000, 6000], better: "higher" }, [
      3349, 4000, 4500, 5000, 5500, 6000, 7000,
    ]),
    yesNo("five_g", "5G", "Connectivity"),
    choice("operating_system", "Operating system", "General", ["Android", "iOS"]),
  ],
  mouse: [
    choice("connection", "Connection", "Connectivity", ["Wired", "Wireless 2.4 GHz", "Bluetooth", "2.4 GHz and Bluetooth", "Wired and wireless"]),
    number("dpi", "Maximum DPI", "Performance", { unit: "DPI", unitCode: "E39", min: 100, max: 40000, buckets: [800, 1600, 3200, 6400, 12000], better: "higher" }, [
      1000, 1200, 1600, 2400, 3600, 4000, 6400, 8000, 16000, 26000,
    ]),
    choice("sensor", "Sensor", "Performance", ["Optical", "Laser", "Darkfield"]),
    number("buttons", "Buttons", "Design", { unit: null, unitCode: null, min: 1, max: 20, buckets: [2, 3, 5, 7] }, [3, 4, 5, 6, 7, 8, 12]),
    choice("handedness", "Hand", "Design", ["Right-handed", "Left-handed", "Ambidextrous"]),
    number("weight_g", "Weight", "Design", { unit: "g", unitCode: "GRM", min: 20, max: 300, buckets: [50, 70, 90, 110, 130], better: "lower" }, [58, 63, 75, 85, 91, 96, 102, 120, 141]),
    choice("power_source", "Power", "Battery", ["USB cable", "AA battery", "AAA battery", "Rechargeable"]),
    multi("features", "Features", "General", ["Silent clicks", "Adjustable DPI", "Programmable buttons", "RGB lighting", "Multi-device"], [
      ["Silent clicks"],
      ["Adjustable DPI"],
      ["Adjustable DPI", "RGB lighting"],
      ["Adjustable DPI", "Programmable buttons", "RGB lighting"],
      ["Silent clicks", "Adjustable DPI"],
      ["Silent clicks", "Adjustable DPI", "Programmable buttons", "Multi-device"],
    ]),
  ],
  printers: [
    choice("printer_type", "Printer type", "General", ["Inkjet", "Ink tank", "Laser"]),
    yesNo("colour", "Colour printing", "Print"),
    multi("functions", "Functions", "General", ["Print", "Scan", "Copy", "Fax"], [["Print"], ["Print", "Scan", "Copy"], ["Print", "Scan", "Copy", "Fax"], ["Print", "Copy"]]),
    number("print_speed_ppm", "Print speed (black)", "Print", { unit: "ppm", unitCode: null, min: 1, max: 100, decimals: 1, buckets: [5, 10, 20, 30], better: "higher" }, [
      7.5, 8, 10, 12, 15, 20, 22, 30, 40,
    ]),
    number("print_resolution_dpi", "Print resolution", "Print", { unit: "dpi", unitCode: "E39", min: 300, max: 10000, buckets: [600, 1200, 2400, 4800], better: "higher" }, [
      600, 1200, 2400, 4800, 5760,
    ]),
    yesNo("auto_duplex", "Automatic duplex", "Print"),
    choice("max_paper_size", "Largest paper", "Print", ["A4", "A3", "A3+"]),
    multi("connectivity", "Connectivity", "Connectivity", ["USB", "Wi-Fi", "Wi-Fi Direct", "Ethernet", "Bluetooth"], [
      ["USB"],
      ["USB", "Wi-Fi"],
      ["USB", "Wi-Fi", "Wi-Fi Direct"],
      ["USB", "Ethernet"],
      ["USB", "Wi-Fi", "Ethernet"],
      ["USB", "Wi-Fi", "Bluetooth"],
    ]),
  ],
  processor: [
    number("cores", "Cores", "Performance", { unit: null, unitCode: null, min: 1, max: 128, buckets: [2, 4, 6, 8, 12, 16, 24], better: "higher" }, [4, 6, 8, 10, 12, 14, 16, 20, 24]),
    number("threads", "Threads", "Performance", { unit: null, unitCode: null, min: 1, max: 256, buckets: [4, 8, 12, 16, 24, 32], better: "higher" }, [4, 8, 12, 16, 20, 24, 28, 32]),
    number("base_clock_ghz", "Base clock", "Performance", { unit: "GHz", unitCode: "A86", min: 0.5, max: 7, decimals: 1, buckets: [2, 3, 3.5, 4], better: "higher" }, [
      2.5, 3.2, 3.4, 3.5, 3.7, 3.8, 4.2, 4.5,
    ]),
    number("boost_clock_ghz", "Boost clock", "Performance", { unit: "GHz", unitCode: "A86", min: 0.5, max: 7, decimals: 1, buckets: [3, 4, 4.5, 5, 5.5], better: "higher" }, [
      4.3, 4.4, 4.6, 4.7, 5, 5.1, 5.3, 5.6, 5.7, 6,
    ]),
    number("l3_cache_mb", "L3 cache", "Memory", { unit: "MB", unitCode: "4L", min: 1, max: 1024, buckets: [8, 16, 32, 64], better: "higher" }, [12, 18, 20, 24, 32, 36, 64, 96]),
    multi("memory_types", "Memory support", "Memory", ["DDR4", "DDR5"], [["DDR4"], ["DDR5"], ["DDR4", "DDR5"]]),
    choice("socket", "Socket", "Compatibility", ["AM4", "AM5", "LGA1200", "LGA1700", "LGA1851"]),
    number("tdp_w", "TDP", "Power", { unit: "W", unitCode: "WTT", min: 5, max: 500, buckets: [35, 65, 95, 125, 170], better: "lower" }, [35, 58, 65, 105, 120, 125, 170]),
    text("integrated_graphics", "Integrated graphics", "Graphics", ["AMD Radeon Graphics", "AMD Radeon Vega 7", "Intel UHD Graphics 730", "Intel UHD Graphics 770", "Intel Graphics (Xe-LPG)"]),
  ],
  refrigerator: [
    number("capacity_l", "Capacity", "Capacity", { unit: "litres", unitCode: "LTR", min: 40, max: 1000, buckets: [100, 200, 250, 300, 400, 500] }, [183, 190, 215, 242, 260, 325, 415, 559, 653]),
    choice("doors", "Door type", "Design", ["Single door", "Double door", "Side by side", "French door", "Triple door"]),
    choice("freezer_position", "Freezer", "Design", ["Inside", "Top", "Bottom", "Side"]),
    choice("defrost", "Defrosting", "Cooling", ["Direct cool", "Frost free"]),
    yesNo("inverter_compressor", "Inverter compressor", "Cooling"),
    number("energy_star", "Energy star rating", "Efficiency", { unit: "star", unitCode: null, min: 1, max: 5, buckets: [1, 2, 3, 4], better: "higher" }, [1, 2, 3, 4, 5]),
    number("annual_energy_kwh", "Energy use a year", "Efficiency", { unit: "kWh", unitCode: "KWH", min: 50, max: 1500, buckets: [100, 200, 300, 400], better: "lower" }, [
      120, 135, 160, 180, 235, 260, 360, 420,
    ]),
    multi("features", "Features", "Features", ["Convertible", "Door alarm", "Water dispenser", "Ice maker", "Wi-Fi", "Base stand drawer", "Stabiliser-free"], [
      ["Stabiliser-free"],
      ["Base stand drawer", "Stabiliser-free"],
      ["Convertible", "Stabiliser-free"],
      ["Door alarm", "Stabiliser-free"],
      ["Convertible", "Door alarm", "Wi-Fi", "Stabiliser-free"],
      ["Door alarm", "Water dispenser", "Ice maker", "Wi-Fi"],
    ]),
  ],
  speakers: [
    choice("speaker_type", "Speaker type", "General", ["Portable", "Soundbar", "Party", "Bookshelf", "Smart speaker"]),
    number("output_power_w", "Output power", "Audio", { unit: "W", unitCode: "WTT", min: 1, max: 2000, buckets: [5, 10, 20, 50, 100, 300], better: "higher" }, [5, 10, 14, 20, 30, 40, 120, 400, 525]),
    choice("channels", "Channels", "Audio", ["Mono", "2.0", "2.1", "3.1", "5.1", "7.1"]),
    yesNo("subwoofer", "Subwoofer", "Audio"),
    yesNo("dolby_audio", "Dolby Audio", "Audio"),
    number("battery_hours", "Battery life", "Battery", { unit: "hours", unitCode: "HUR", min: 1, max: 100, buckets: [5, 10, 20, 30], better: "higher" }, [5, 9, 12, 16, 20, 24, 30]),
    choice("water_resistance", "Water resistance", "Build", ["None", "IPX4", "IPX5", "IPX7", "IP67"]),
    multi("connectivity", "Connectivity", "Connectivity", ["Bluetooth", "Wi-Fi", "AUX", "USB", "HDMI ARC", "Optical"], [
      ["Bluetooth"],
      ["Bluetooth", "AUX"],
      ["Bluetooth", "AUX", "USB"],
      ["Bluetooth", "Wi-Fi"],
      ["Bluetooth", "USB", "HDMI ARC", "Optical"],
      ["Bluetooth", "AUX", "USB", "HDMI ARC", "Optical"],
    ]),
  ],
  trimmers: [
    multi("use_on", "Use on", "General", ["Beard", "Head hair", "Body", "Nose and ear", "Shaving"], [
      ["Beard"],
      ["Beard", "Head hair"],
      ["Beard", "Body", "Shaving"],
      ["Beard", "Head hair", "Nose and ear"],
      ["Beard", "Head hair", "Body", "Nose and ear"],
    ]),
    number("run_time_min", "Run time", "Battery", { unit: "minutes", unitCode: "MIN", min: 10, max: 300, buckets: [30, 45, 60, 90, 120], better: "higher" }, [40, 45, 50, 60, 75, 90, 120]),
    choice("charging", "Charging", "Battery", ["USB-C", "Micro USB", "USB cable", "Mains adapter"]),
    yesNo("corded_use", "Corded use", "Battery"),
    number("length_settings", "Length settings", "Blades", { unit: null, unitCode: null, min: 1, max: 60, buckets: [1, 5, 10, 20, 30], better: "higher" }, [3, 8, 9, 12, 19, 20, 24, 40]),
    choice("blade_material", "Blades", "Blades", ["Stainless steel", "Titanium-coated", "Ceramic"]),
    yesNo("waterproof", "Waterproof", "Build"),
  ],
  television: [
    number("screen_size_in", "Screen size", "Display", { unit: "inches", unitCode: "INH", min: 15, max: 120, buckets: [24, 32, 43, 55, 65, 75] }, [24, 32, 40, 43, 50, 55, 65, 75, 85]),
    choice("resolution", "Resolution", "Display", ["HD", "Full HD", "4K", "8K"]),
    choice("panel", "Panel", "Display", ["LED", "QLED", "OLED"]),
    number("refresh_rate_hz", "Refresh rate", "Display", { unit: "Hz", unitCode: "HTZ", min: 50, max: 240, buckets: [50, 60, 100, 120, 144], better: "higher" }, [50, 60, 100, 120, 144]),
    multi("hdr_formats", "HDR formats", "Display", ["HDR10", "HDR10+", "HLG", "Dolby Vision"], [
      ["HDR10"],
      ["HDR10", "HLG"],
      ["HDR10", "HDR10+", "HLG"],
      ["HDR10", "HLG", "Dolby Vision"],
      ["HDR10", "HDR10+", "HLG", "Dolby Vision"],
    ]),
    choice("smart_platform", "Smart TV platform", "Smart features", ["Google TV", "Android TV", "webOS", "Tizen", "Fire TV", "VIDAA", "None"]),
    number("speaker_output_w", "Sound output", "Audio", { unit: "W", unitCode: "WTT", min: 5, max: 200, buckets: [10, 20, 30, 40, 60], better: "higher" }, [10, 20, 24, 30, 40, 60]),
    number("hdmi_ports", "HDMI ports", "Connectivity", { unit: null, unitCode: null, min: 0, max: 6, buckets: [1, 2, 3, 4], better: "higher" }, [1, 2, 3, 4]),
  ],
  watches: [
    number("display_size_in", "Display size", "Display", { unit: "inches", unitCode: "INH", min: 0.5, max: 3, decimals: 2, buckets: [1.2, 1.4, 1.6, 1.8, 2] }, [
      1.2, 1.3, 1.39, 1.43, 1.5, 1.78, 1.83, 1.9, 1.96, 2.04,
    ]),
    choice("display_type", "Display type", "Display", ["AMOLED", "LTPO OLED", "LCD", "Memory-in-pixel"]),
    number("battery_days", "Battery life", "Battery", { unit: "days", unitCode: "DAY", min: 1, max: 60, buckets: [1, 3, 7, 14], better: "higher" }, [1, 2, 5, 7, 10, 13, 14, 21]),
    yesNo("gps", "Built-in GPS", "Connectivity"),
    yesNo("calling", "Calling", "Connectivity"),
    multi("compatible_os", "Works with", "Compatibility", ["Android", "iOS"], [["Android"], ["iOS"], ["Android", "iOS"]]),
    multi("health_sensors", "Health sensors", "Health", ["Heart rate", "SpO2", "ECG", "Skin temperature", "Body composition"], [
      ["Heart rate"],
      ["Heart rate", "SpO2"],
      ["Heart rate", "SpO2", "ECG"],
      ["Heart rate", "SpO2", "ECG", "Skin temperature"],
      ["Heart rate", "SpO2", "ECG", "Skin temperature", "Body composition"],
    ]),
    choice("water_resistance", "Water resistance", "Build", ["None", "IP67", "IP68", "3 ATM", "5 ATM", "10 ATM"]),
  ],
};
