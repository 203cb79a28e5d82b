// The seed catalogue's specifications (prisma/catalogue.ts), by SKU, against the definitions of
// prisma/spec-definitions.ts. Values are the makers' published figures where they publish them and
// plausible ones where they do not; a key is left out only where it does not apply (a wired
// earphone's battery life, the integrated graphics of a processor that has none).
import type { SpecValues } from "../lib/catalog/specs";

/** Each seeded product's specification values and manufacturer part number, by SKU. */
export const SEED_SPECS: Record<string, { specs: SpecValues; mpn: string }> = {
  // Airpodes ------------------------------------------------------------------------------------
  "AIRP-001": {
    specs: {
      type: "True wireless", noise_cancellation: true, battery_hours: 30, playback_hours: 6, wireless_charging: true, bluetooth_version: "5.3", codecs: ["SBC", "AAC"], driver_mm: 11,
      water_resistance: "IP54",
    },
    mpn: "MTJV3HN/A",
  },
  "AIRP-002": {
    specs: {
      type: "True wireless", noise_cancellation: false, battery_hours: 30, playback_hours: 6, wireless_charging: false, bluetooth_version: "5.0", codecs: ["SBC", "AAC"], driver_mm: 11,
      water_resistance: "IPX4",
    },
    mpn: "MPNY3HN/A",
  },
  "AIRP-003": {
    specs: {
      type: "True wireless", noise_cancellation: false, battery_hours: 42, playback_hours: 6, wireless_charging: false, bluetooth_version: "5.1", codecs: ["SBC"], driver_mm: 8,
      water_resistance: "IPX4",
    },
    mpn: "AIRDOPES-141-BLK",
  },
  "AIRP-004": {
    specs: {
      type: "True wireless", noise_cancellation: true, battery_hours: 29, playback_hours: 8, wireless_charging: true, bluetooth_version: "5.3", codecs: ["SBC", "AAC", "Samsung Seamless"],
      driver_mm: 10, water_resistance: "IPX7",
    },
    mpn: "SM-R510NZAAINU",
  },
  "AIRP-005": {
    specs: {
      type: "True wireless", noise_cancellation: false, battery_hours: 38, playback_hours: 8, wireless_charging: false, bluetooth_version: "5.3", codecs: ["SBC", "AAC"], driver_mm: 12.4,
      water_resistance: "IP55",
    },
    mpn: "E508A",
  },
  "AIRP-006": {
    specs: {
      type: "True wireless", noise_cancellation: true, battery_hours: 40, playback_hours: 9, wireless_charging: false, bluetooth_version: "5.3", codecs: ["SBC", "AAC", "LDAC"],
      driver_mm: 11, water_resistance: "IPX5",
    },
    mpn: "RMA2120",
  },
  "AIRP-007": {
    specs: {
      type: "True wireless", noise_cancellation: true, battery_hours: 45, playback_hours: 10, wireless_charging: false, bluetooth_version: "5.3", codecs: ["SBC", "AAC"], driver_mm: 13,
      water_resistance: "IPX5",
    },
    mpn: "AUD-HDPHN-VS104MAX",
  },
  "AIRP-008": {
    specs: {
      type: "True wireless", noise_cancellation: true, battery_hours: 48, playback_hours: 12, wireless_charging: false, bluetooth_version: "5.3", codecs: ["SBC", "AAC"], driver_mm: 6,
      water_resistance: "IP54",
    },
    mpn: "JBLTBEAMBLK",
  },
  "AIRP-009": {
    specs: {
      type: "True wireless", noise_cancellation: true, battery_hours: 15, playback_hours: 7.5, wireless_charging: false, bluetooth_version: "5.2", codecs: ["SBC", "AAC"], driver_mm: 5,
      water_resistance: "IPX4",
    },
    mpn: "WF-C700N/BZ",
  },

  // Camera --------------------------------------------------------------------------------------
  "CAME-001": {
    specs: {
      camera_type: "DSLR", resolution_mp: 24.1, sensor_type: "APS-C", video_resolution: "Full HD", optical_zoom_x: 3.1, stabilisation: "Optical", connectivity: ["Wi-Fi", "NFC", "HDMI"],
      weight_g: 475,
    },
    mpn: "2728C012AA",
  },
  "CAME-002": {
    // Body only: the zoom depends on the lens fitted.
    specs: {
      camera_type: "Mirrorless", resolution_mp: 24.2, sensor_type: "APS-C", video_resolution: "4K", stabilisation: "Electronic", connectivity: ["Wi-Fi", "Bluetooth", "USB-C", "HDMI"],
      weight_g: 343,
    },
    mpn: "ILCZV-E10/B",
  },
  "CAME-003": {
    specs: {
      camera_type: "Mirrorless", resolution_mp: 20.9, sensor_type: "APS-C", video_resolution: "4K", optical_zoom_x: 3.1, stabilisation: "Optical",
      connectivity: ["Wi-Fi", "Bluetooth", "USB-C", "HDMI"], weight_g: 405,
    },
    mpn: "VOA110K001",
  },
  "CAME-004": {
    // Instant film: no digital sensor, no video, no connections.
    specs: { camera_type: "Instant", sensor_type: "Instant film", optical_zoom_x: 1, stabilisation: "None", weight_g: 306 },
    mpn: "16806121",
  },
  "CAME-005": {
    specs: {
      camera_type: "Action", resolution_mp: 27, sensor_type: "1/1.9-inch", video_resolution: "5.3K", optical_zoom_x: 1, stabilisation: "Electronic",
      connectivity: ["Wi-Fi", "Bluetooth", "USB-C"], weight_g: 154,
    },
    mpn: "CHDHX-121-RW",
  },
  "CAME-006": {
    specs: {
      camera_type: "Compact", resolution_mp: 20.3, sensor_type: "1/2.3-inch", video_resolution: "4K", optical_zoom_x: 40, stabilisation: "Optical",
      connectivity: ["Wi-Fi", "Bluetooth", "Micro USB", "HDMI"], weight_g: 299,
    },
    mpn: "2955C002AA",
  },
  "CAME-007": {
    specs: {
      camera_type: "Gimbal", resolution_mp: 9.4, sensor_type: "1-inch", video_resolution: "4K", optical_zoom_x: 1, stabilisation: "Gimbal", connectivity: ["Wi-Fi", "Bluetooth", "USB-C"],
      weight_g: 179,
    },
    mpn: "CP.OS.00000301.01",
  },
  "CAME-008": {
    specs: { camera_type: "Compact", resolution_mp: 20.1, sensor_type: "1/2.3-inch", video_resolution: "HD", optical_zoom_x: 8, stabilisation: "Optical", connectivity: ["Micro USB"], weight_g: 120 },
    mpn: "DSC-W830/B",
  },

  // Earphones: the wired ones have no battery, Bluetooth or codecs ---------------------------------
  "EARP-001": {
    specs: { type: "In-ear", connection: "Wired", noise_cancellation: false, driver_mm: 10, microphone: true, water_resistance: "None" },
    mpn: "BASSHEADS-100-BLK",
  },
  "EARP-002": {
    specs: { type: "In-ear", connection: "Wired", noise_cancellation: false, driver_mm: 9, microphone: true, water_resistance: "None" },
    mpn: "MDR-EX155AP/B",
  },
  "EARP-003": {
    specs: { type: "In-ear", connection: "Wired", noise_cancellation: false, driver_mm: 9, microphone: true, water_resistance: "None" },
    mpn: "JBLC100SIUBLK",
  },
  "EARP-004": {
    specs: {
      type: "Neckband", connection: "Wireless", noise_cancellation: false, battery_hours: 30, bluetooth_version: "5.0", codecs: ["SBC", "AAC"], driver_mm: 12.4, microphone: true,
      water_resistance: "IP55",
    },
    mpn: "E305A",
  },
  "EARP-005": {
    specs: {
      type: "Neckband", connection: "Wireless", noise_cancellation: true, battery_hours: 40, bluetooth_version: "5.3", codecs: ["SBC", "AAC", "LDAC"], driver_mm: 13.6, microphone: true,
      water_resistance: "IP55",
    },
    mpn: "RMA2301",
  },
  "EARP-006": {
    specs: { type: "In-ear", connection: "Wired", noise_cancellation: false, driver_mm: 10, microphone: true, water_resistance: "None" },
    mpn: "508593",
  },
  "EARP-007": {
    specs: {
      type: "Neckband", connection: "Wireless", noise_cancellation: false, battery_hours: 60, bluetooth_version: "5.0", codecs: ["SBC"], driver_mm: 10, microphone: true,
      water_resistance: "IPX7",
    },
    mpn: "ROCKERZ-255PROPLUS-BLK",
  },
  "EARP-008": {
    specs: {
      type: "Neckband", connection: "Wireless", noise_cancellation: false, battery_hours: 32, bluetooth_version: "5.2", codecs: ["SBC", "AAC"], driver_mm: 10, microphone: true,
      water_resistance: "IPX5",
    },
    mpn: "BA-PROBASS-CURVE",
  },

  // Mobiles -------------------------------------------------------------------------------------
  "MOBI-001": {
    specs: {
      display_size_in: 6.2, refresh_rate_hz: 120, processor: "Samsung Exynos 2400", ram_gb: 8, storage_gb: 256, main_camera_mp: 50, battery_mah: 4000, five_g: true,
      operating_system: "Android",
    },
    mpn: "SM-S921BZKCINS",
  },
  "MOBI-002": {
    specs: { display_size_in: 6.1, refresh_rate_hz: 60, processor: "Apple A16 Bionic", ram_gb: 6, storage_gb: 128, main_camera_mp: 48, battery_mah: 3349, five_g: true, operating_system: "iOS" },
    mpn: "MTP43HN/A",
  },
  "MOBI-003": {
    specs: {
      display_size_in: 6.8, refresh_rate_hz: 120, processor: "Qualcomm Snapdragon 8 Gen 2", ram_gb: 16, storage_gb: 256, main_camera_mp: 50, battery_mah: 5500, five_g: true,
      operating_system: "Android",
    },
    mpn: "CPH2609",
  },
  "MOBI-004": {
    specs: {
      display_size_in: 6.7, refresh_rate_hz: 120, processor: "Qualcomm Snapdragon 7s Gen 2", ram_gb: 8, storage_gb: 128, main_camera_mp: 200, battery_mah: 5100, five_g: true,
      operating_system: "Android",
    },
    mpn: "2312DRA50I",
  },
  "MOBI-005": {
    specs: {
      display_size_in: 6.5, refresh_rate_hz: 120, processor: "Samsung Exynos 1280", ram_gb: 6, storage_gb: 128, main_camera_mp: 50, battery_mah: 6000, five_g: true,
      operating_system: "Android",
    },
    mpn: "SM-M346BDBFINS",
  },
  "MOBI-006": {
    specs: { display_size_in: 6.1, refresh_rate_hz: 120, processor: "Google Tensor G3", ram_gb: 8, storage_gb: 128, main_camera_mp: 64, battery_mah: 4492, five_g: true, operating_system: "Android" },
    mpn: "GA05569-IN",
  },
  "MOBI-007": {
    specs: {
      display_size_in: 6.7, refresh_rate_hz: 144, processor: "Qualcomm Snapdragon 7s Gen 2", ram_gb: 8, storage_gb: 128, main_camera_mp: 50, battery_mah: 5000, five_g: true,
      operating_system: "Android",
    },
    mpn: "PB3T0003IN",
  },
  "MOBI-008": {
    specs: {
      display_size_in: 6.7, refresh_rate_hz: 120, processor: "MediaTek Dimensity 7200", ram_gb: 8, storage_gb: 128, main_camera_mp: 50, battery_mah: 5000, five_g: true,
      operating_system: "Android",
    },
    mpn: "V2334",
  },
  "MOBI-009": {
    specs: {
      display_size_in: 6.7, refresh_rate_hz: 120, processor: "MediaTek Dimensity 7200 Pro", ram_gb: 8, storage_gb: 128, main_camera_mp: 50, battery_mah: 5000, five_g: true,
      operating_system: "Android",
    },
    mpn: "A142",
  },

  // Mouse: the plainest two have none of the listed features ------------------------------------
  "MOUS-001": {
    specs: {
      connection: "2.4 GHz and Bluetooth", dpi: 8000, sensor: "Darkfield", buttons: 7, handedness: "Right-handed", weight_g: 141, power_source: "Rechargeable",
      features: ["Silent clicks", "Adjustable DPI", "Programmable buttons", "Multi-device"],
    },
    mpn: "910-006561",
  },
  "MOUS-002": {
    specs: { connection: "Wireless 2.4 GHz", dpi: 1000, sensor: "Optical", buttons: 3, handedness: "Right-handed", weight_g: 91, power_source: "AA battery", features: ["Silent clicks"] },
    mpn: "910-004913",
  },
  "MOUS-003": {
    specs: { connection: "Wireless 2.4 GHz", dpi: 1600, sensor: "Optical", buttons: 3, handedness: "Ambidextrous", weight_g: 76, power_source: "AA battery" },
    mpn: "6VY95AA",
  },
  "MOUS-004": {
    specs: { connection: "Wired", dpi: 1000, sensor: "Optical", buttons: 3, handedness: "Ambidextrous", weight_g: 85, power_source: "USB cable" },
    mpn: "570-AAIR",
  },
  "MOUS-005": {
    specs: { connection: "Wired", dpi: 6400, sensor: "Optical", buttons: 5, handedness: "Right-handed", weight_g: 96, power_source: "USB cable", features: ["Adjustable DPI", "Programmable buttons"] },
    mpn: "RZ01-03850100-R3M1",
  },
  "MOUS-006": {
    specs: { connection: "Wired", dpi: 3600, sensor: "Optical", buttons: 6, handedness: "Ambidextrous", weight_g: 102, power_source: "USB cable", features: ["Adjustable DPI", "RGB lighting"] },
    mpn: "ZEB-TRANSFORMER-M",
  },
  "MOUS-007": {
    specs: {
      connection: "Wireless 2.4 GHz", dpi: 1600, sensor: "Optical", buttons: 4, handedness: "Ambidextrous", weight_g: 58, power_source: "AA battery",
      features: ["Silent clicks", "Adjustable DPI"],
    },
    mpn: "POR-1356",
  },
  "MOUS-008": {
    specs: {
      connection: "Wired", dpi: 8000, sensor: "Optical", buttons: 6, handedness: "Ambidextrous", weight_g: 85, power_source: "USB cable",
      features: ["Adjustable DPI", "Programmable buttons", "RGB lighting"],
    },
    mpn: "910-005805",
  },

  // Printers ------------------------------------------------------------------------------------
  "PRIN-001": {
    specs: {
      printer_type: "Ink tank", colour: true, functions: ["Print", "Scan", "Copy"], print_speed_ppm: 12, print_resolution_dpi: 4800, auto_duplex: false, max_paper_size: "A4",
      connectivity: ["USB", "Wi-Fi", "Bluetooth"],
    },
    mpn: "1F3Y2A",
  },
  "PRIN-002": {
    specs: {
      printer_type: "Ink tank", colour: true, functions: ["Print", "Scan", "Copy"], print_speed_ppm: 11, print_resolution_dpi: 4800, auto_duplex: false, max_paper_size: "A4",
      connectivity: ["USB", "Wi-Fi"],
    },
    mpn: "5805C009AA",
  },
  "PRIN-003": {
    specs: {
      printer_type: "Ink tank", colour: true, functions: ["Print", "Scan", "Copy"], print_speed_ppm: 10, print_resolution_dpi: 5760, auto_duplex: false, max_paper_size: "A4",
      connectivity: ["USB", "Wi-Fi", "Wi-Fi Direct"],
    },
    mpn: "C11CJ67505",
  },
  "PRIN-004": {
    specs: { printer_type: "Laser", colour: false, functions: ["Print"], print_speed_ppm: 30, print_resolution_dpi: 2400, auto_duplex: true, max_paper_size: "A4", connectivity: ["USB"] },
    mpn: "HL-L2321D",
  },
  "PRIN-005": {
    specs: {
      printer_type: "Laser", colour: false, functions: ["Print", "Scan", "Copy"], print_speed_ppm: 15, print_resolution_dpi: 1200, auto_duplex: false, max_paper_size: "A4",
      connectivity: ["USB"],
    },
    mpn: "CB376A",
  },
  "PRIN-006": {
    specs: {
      printer_type: "Inkjet", colour: true, functions: ["Print", "Scan", "Copy"], print_speed_ppm: 8, print_resolution_dpi: 4800, auto_duplex: false, max_paper_size: "A4",
      connectivity: ["USB", "Wi-Fi"],
    },
    mpn: "1365C009AA",
  },
  "PRIN-007": {
    specs: {
      printer_type: "Ink tank", colour: true, functions: ["Print"], print_speed_ppm: 8, print_resolution_dpi: 5760, auto_duplex: false, max_paper_size: "A3+",
      connectivity: ["USB", "Wi-Fi", "Wi-Fi Direct"],
    },
    mpn: "C11CK38502",
  },
  "PRIN-008": {
    specs: {
      printer_type: "Inkjet", colour: true, functions: ["Print", "Scan", "Copy"], print_speed_ppm: 7.5, print_resolution_dpi: 4800, auto_duplex: false, max_paper_size: "A4",
      connectivity: ["USB"],
    },
    mpn: "7WN44D",
  },

  // Processor: the 5600X and the 12100F have no integrated graphics -------------------------------
  "PROC-001": {
    specs: { cores: 8, threads: 16, base_clock_ghz: 4.2, boost_clock_ghz: 5, l3_cache_mb: 96, memory_types: ["DDR5"], socket: "AM5", tdp_w: 120, integrated_graphics: "AMD Radeon Graphics" },
    mpn: "100-100000910WOF",
  },
  "PROC-002": {
    specs: {
      cores: 14, threads: 20, base_clock_ghz: 3.5, boost_clock_ghz: 5.3, l3_cache_mb: 24, memory_types: ["DDR4", "DDR5"], socket: "LGA1700", tdp_w: 125,
      integrated_graphics: "Intel UHD Graphics 770",
    },
    mpn: "BX8071514600K",
  },
  "PROC-003": {
    specs: { cores: 6, threads: 12, base_clock_ghz: 3.7, boost_clock_ghz: 4.6, l3_cache_mb: 32, memory_types: ["DDR4"], socket: "AM4", tdp_w: 65 },
    mpn: "100-100000065BOX",
  },
  "PROC-004": {
    specs: {
      cores: 20, threads: 28, base_clock_ghz: 3.4, boost_clock_ghz: 5.6, l3_cache_mb: 33, memory_types: ["DDR4", "DDR5"], socket: "LGA1700", tdp_w: 125,
      integrated_graphics: "Intel UHD Graphics 770",
    },
    mpn: "BX8071514700K",
  },
  "PROC-005": {
    specs: { cores: 4, threads: 8, base_clock_ghz: 3.3, boost_clock_ghz: 4.3, l3_cache_mb: 12, memory_types: ["DDR4", "DDR5"], socket: "LGA1700", tdp_w: 58 },
    mpn: "BX8071512100F",
  },
  "PROC-006": {
    specs: { cores: 16, threads: 32, base_clock_ghz: 4.5, boost_clock_ghz: 5.7, l3_cache_mb: 64, memory_types: ["DDR5"], socket: "AM5", tdp_w: 170, integrated_graphics: "AMD Radeon Graphics" },
    mpn: "100-100000514WOF",
  },
  "PROC-007": {
    specs: { cores: 6, threads: 12, base_clock_ghz: 3.8, boost_clock_ghz: 5.1, l3_cache_mb: 32, memory_types: ["DDR5"], socket: "AM5", tdp_w: 65, integrated_graphics: "AMD Radeon Graphics" },
    mpn: "100-100001015BOX",
  },
  "PROC-008": {
    specs: {
      cores: 24, threads: 32, base_clock_ghz: 3.2, boost_clock_ghz: 6, l3_cache_mb: 36, memory_types: ["DDR4", "DDR5"], socket: "LGA1700", tdp_w: 125,
      integrated_graphics: "Intel UHD Graphics 770",
    },
    mpn: "BX8071514900K",
  },

  // Refrigerator --------------------------------------------------------------------------------
  "REFR-001": {
    specs: { capacity_l: 242, doors: "Double door", freezer_position: "Top", defrost: "Frost free", inverter_compressor: true, energy_star: 3, annual_energy_kwh: 235, features: ["Stabiliser-free"] },
    mpn: "GL-I292RPZX",
  },
  "REFR-002": {
    specs: {
      capacity_l: 653, doors: "Side by side", freezer_position: "Side", defrost: "Frost free", inverter_compressor: true, energy_star: 2, annual_energy_kwh: 420,
      features: ["Door alarm", "Stabiliser-free"],
    },
    mpn: "RS76CG8003S9HL",
  },
  "REFR-003": {
    specs: {
      capacity_l: 184, doors: "Single door", freezer_position: "Inside", defrost: "Direct cool", inverter_compressor: false, energy_star: 2, annual_energy_kwh: 175,
      features: ["Stabiliser-free"],
    },
    mpn: "205 WDE CLS 2S",
  },
  "REFR-004": {
    specs: {
      capacity_l: 325, doors: "Double door", freezer_position: "Bottom", defrost: "Frost free", inverter_compressor: true, energy_star: 3, annual_energy_kwh: 260,
      features: ["Convertible", "Stabiliser-free"],
    },
    mpn: "HRB-3654PKG-P",
  },
  "REFR-005": {
    specs: {
      capacity_l: 190, doors: "Single door", freezer_position: "Inside", defrost: "Direct cool", inverter_compressor: false, energy_star: 2, annual_energy_kwh: 180,
      features: ["Base stand drawer", "Stabiliser-free"],
    },
    mpn: "RD EDGE 205B 23 TAF",
  },
  "REFR-006": {
    specs: {
      capacity_l: 655, doors: "Side by side", freezer_position: "Side", defrost: "Frost free", inverter_compressor: true, energy_star: 3, annual_energy_kwh: 390,
      features: ["Door alarm", "Wi-Fi", "Stabiliser-free"],
    },
    mpn: "GC-X257CSES",
  },
  "REFR-007": {
    specs: {
      capacity_l: 183, doors: "Single door", freezer_position: "Inside", defrost: "Direct cool", inverter_compressor: true, energy_star: 4, annual_energy_kwh: 135,
      features: ["Base stand drawer", "Stabiliser-free"],
    },
    mpn: "RR20C1724CU/HL",
  },
  "REFR-008": {
    specs: {
      capacity_l: 559, doors: "Side by side", freezer_position: "Side", defrost: "Frost free", inverter_compressor: true, energy_star: 2, annual_energy_kwh: 360,
      features: ["Door alarm", "Stabiliser-free"],
    },
    mpn: "KAN93VL30I",
  },

  // Speakers: the soundbars run on mains power, so have no battery --------------------------------
  "SPEA-001": {
    specs: { speaker_type: "Portable", output_power_w: 30, channels: "Mono", subwoofer: false, dolby_audio: false, battery_hours: 12, water_resistance: "IP67", connectivity: ["Bluetooth"] },
    mpn: "JBLFLIP6BLKAM",
  },
  "SPEA-002": {
    specs: { speaker_type: "Portable", output_power_w: 14, channels: "2.0", subwoofer: false, dolby_audio: false, battery_hours: 9, water_resistance: "IPX7", connectivity: ["Bluetooth", "AUX"] },
    mpn: "STONE-1200-BLK",
  },
  "SPEA-003": {
    specs: { speaker_type: "Portable", output_power_w: 5, channels: "Mono", subwoofer: false, dolby_audio: false, battery_hours: 16, water_resistance: "IP67", connectivity: ["Bluetooth"] },
    mpn: "SRS-XB13/B",
  },
  "SPEA-004": {
    specs: { speaker_type: "Portable", output_power_w: 20, channels: "2.0", subwoofer: false, dolby_audio: false, battery_hours: 30, water_resistance: "IP67", connectivity: ["Bluetooth"] },
    mpn: "1006234",
  },
  "SPEA-005": {
    specs: {
      speaker_type: "Soundbar", output_power_w: 525, channels: "5.1", subwoofer: true, dolby_audio: true, water_resistance: "None",
      connectivity: ["Bluetooth", "AUX", "USB", "HDMI ARC", "Optical"],
    },
    mpn: "ZEB-JUKE BAR 9400 PRO",
  },
  "SPEA-006": {
    specs: { speaker_type: "Portable", output_power_w: 10, channels: "Mono", subwoofer: false, dolby_audio: false, battery_hours: 12, water_resistance: "IP67", connectivity: ["Bluetooth"] },
    mpn: "865983-0100",
  },
  "SPEA-007": {
    specs: {
      speaker_type: "Portable", output_power_w: 5, channels: "Mono", subwoofer: false, dolby_audio: false, battery_hours: 24, water_resistance: "IPX5",
      connectivity: ["Bluetooth", "AUX", "USB"],
    },
    mpn: "SP-ROAM2-BK",
  },
  "SPEA-008": {
    specs: { speaker_type: "Soundbar", output_power_w: 400, channels: "5.1", subwoofer: true, dolby_audio: true, water_resistance: "None", connectivity: ["Bluetooth", "USB", "HDMI ARC", "Optical"] },
    mpn: "HT-S20R",
  },

  // Trimmers ------------------------------------------------------------------------------------
  "TRIM-001": {
    specs: { use_on: ["Beard"], run_time_min: 90, charging: "USB cable", corded_use: false, length_settings: 20, blade_material: "Stainless steel", waterproof: false },
    mpn: "BT3221/15",
  },
  "TRIM-002": {
    specs: { use_on: ["Beard", "Body", "Shaving"], run_time_min: 45, charging: "USB cable", corded_use: false, length_settings: 3, blade_material: "Stainless steel", waterproof: true },
    mpn: "QP2724/10",
  },
  "TRIM-003": {
    specs: { use_on: ["Beard"], run_time_min: 90, charging: "USB-C", corded_use: false, length_settings: 40, blade_material: "Stainless steel", waterproof: true },
    mpn: "BHR5796IN",
  },
  "TRIM-004": {
    specs: { use_on: ["Beard"], run_time_min: 60, charging: "USB cable", corded_use: true, length_settings: 20, blade_material: "Titanium-coated", waterproof: false },
    mpn: "BT5171C",
  },
  "TRIM-005": {
    specs: { use_on: ["Beard", "Head hair", "Nose and ear"], run_time_min: 50, charging: "Mains adapter", corded_use: false, length_settings: 8, blade_material: "Stainless steel", waterproof: false },
    mpn: "MGK3220",
  },
  "TRIM-006": {
    specs: { use_on: ["Beard", "Head hair"], run_time_min: 45, charging: "USB cable", corded_use: false, length_settings: 9, blade_material: "Stainless steel", waterproof: false },
    mpn: "NHT 1092",
  },
  "TRIM-007": {
    specs: { use_on: ["Beard"], run_time_min: 60, charging: "Mains adapter", corded_use: true, length_settings: 20, blade_material: "Stainless steel", waterproof: false },
    mpn: "HT3052K",
  },
  "TRIM-008": {
    specs: { use_on: ["Beard"], run_time_min: 50, charging: "Mains adapter", corded_use: false, length_settings: 19, blade_material: "Stainless steel", waterproof: true },
    mpn: "ER-GB37-K",
  },

  // Television ----------------------------------------------------------------------------------
  "TELE-001": {
    specs: { screen_size_in: 55, resolution: "4K", panel: "LED", refresh_rate_hz: 50, hdr_formats: ["HDR10", "HDR10+", "HLG"], smart_platform: "Tizen", speaker_output_w: 20, hdmi_ports: 3 },
    mpn: "UA55CUE70AKLXL",
  },
  "TELE-002": {
    specs: { screen_size_in: 43, resolution: "4K", panel: "LED", refresh_rate_hz: 60, hdr_formats: ["HDR10", "HLG"], smart_platform: "webOS", speaker_output_w: 20, hdmi_ports: 3 },
    mpn: "43UR7500PSC",
  },
  "TELE-003": {
    specs: { screen_size_in: 55, resolution: "4K", panel: "LED", refresh_rate_hz: 60, hdr_formats: ["HDR10", "HLG", "Dolby Vision"], smart_platform: "Google TV", speaker_output_w: 20, hdmi_ports: 3 },
    mpn: "KD-55X75L",
  },
  "TELE-004": {
    specs: {
      screen_size_in: 43, resolution: "4K", panel: "LED", refresh_rate_hz: 60, hdr_formats: ["HDR10", "HDR10+", "HLG", "Dolby Vision"], smart_platform: "Google TV", speaker_output_w: 30,
      hdmi_ports: 3,
    },
    mpn: "L43M8-5XIN",
  },
  "TELE-005": {
    specs: {
      screen_size_in: 50, resolution: "4K", panel: "QLED", refresh_rate_hz: 60, hdr_formats: ["HDR10", "HDR10+", "HLG", "Dolby Vision"], smart_platform: "Google TV", speaker_output_w: 24,
      hdmi_ports: 3,
    },
    mpn: "50C645",
  },
  "TELE-006": {
    specs: { screen_size_in: 32, resolution: "HD", panel: "LED", refresh_rate_hz: 60, hdr_formats: ["HDR10", "HLG"], smart_platform: "Android TV", speaker_output_w: 20, hdmi_ports: 2 },
    mpn: "32HD2A00",
  },
  "TELE-007": {
    specs: { screen_size_in: 40, resolution: "Full HD", panel: "LED", refresh_rate_hz: 60, hdr_formats: ["HDR10"], smart_platform: "Google TV", speaker_output_w: 30, hdmi_ports: 3 },
    mpn: "AR40AR2841FDFL",
  },
  "TELE-008": {
    specs: { screen_size_in: 65, resolution: "4K", panel: "OLED", refresh_rate_hz: 120, hdr_formats: ["HDR10", "HLG", "Dolby Vision"], smart_platform: "webOS", speaker_output_w: 40, hdmi_ports: 4 },
    mpn: "OLED65C3PSA",
  },

  // Watches -------------------------------------------------------------------------------------
  "WATC-001": {
    specs: {
      display_size_in: 1.9, display_type: "LTPO OLED", battery_days: 1, gps: true, calling: true, compatible_os: ["iOS"], health_sensors: ["Heart rate", "SpO2", "ECG", "Skin temperature"],
      water_resistance: "5 ATM",
    },
    mpn: "MR9A3HN/A",
  },
  "WATC-002": {
    specs: {
      display_size_in: 1.5, display_type: "AMOLED", battery_days: 2, gps: true, calling: true, compatible_os: ["Android"],
      health_sensors: ["Heart rate", "SpO2", "ECG", "Skin temperature", "Body composition"], water_resistance: "5 ATM",
    },
    mpn: "SM-R940NZKAINU",
  },
  "WATC-003": {
    specs: {
      display_size_in: 1.85, display_type: "AMOLED", battery_days: 7, gps: false, calling: true, compatible_os: ["Android", "iOS"], health_sensors: ["Heart rate", "SpO2"],
      water_resistance: "IP68",
    },
    mpn: "WRB-SW-COLORFITPRO5-BLK",
  },
  "WATC-004": {
    specs: {
      display_size_in: 1.83, display_type: "LCD", battery_days: 7, gps: false, calling: true, compatible_os: ["Android", "iOS"], health_sensors: ["Heart rate", "SpO2"],
      water_resistance: "IP67",
    },
    mpn: "WAVE-CALL-2-ACTBLK",
  },
  "WATC-005": {
    specs: {
      display_size_in: 1.39, display_type: "LCD", battery_days: 5, gps: false, calling: true, compatible_os: ["Android", "iOS"], health_sensors: ["Heart rate", "SpO2"],
      water_resistance: "IP67",
    },
    mpn: "BSW046",
  },
  "WATC-006": {
    specs: {
      display_size_in: 1.43, display_type: "AMOLED", battery_days: 14, gps: true, calling: true, compatible_os: ["Android", "iOS"], health_sensors: ["Heart rate", "SpO2"],
      water_resistance: "5 ATM",
    },
    mpn: "A2166",
  },
  "WATC-007": {
    specs: {
      display_size_in: 1.96, display_type: "AMOLED", battery_days: 7, gps: false, calling: true, compatible_os: ["Android", "iOS"], health_sensors: ["Heart rate", "SpO2"],
      water_resistance: "IP68",
    },
    mpn: "90155AP01",
  },
  "WATC-008": {
    specs: {
      display_size_in: 1.3, display_type: "AMOLED", battery_days: 13, gps: true, calling: false, compatible_os: ["Android", "iOS"], health_sensors: ["Heart rate", "SpO2"],
      water_resistance: "5 ATM",
    },
    mpn: "010-02810-10",
  },
};
