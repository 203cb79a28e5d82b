import { BANNER_IMAGES_PER_VARIANT, MOBILE_BREAKPOINT_PX } from "../constants";

const CAPTIONS = ["The new phones are here", "Sound that moves you", "Big screens, bigger savings", "Wear your fitness", "Capture every moment"];

/** docs/PRODUCT.md §4.4: five banner images per variant, the mobile ones below 768 px. */
export const BANNER_SLIDES = Array.from({ length: BANNER_IMAGES_PER_VARIANT }, (_, index) => ({
  desktop: `/images/banners/desktop-${index + 1}.svg`,
  mobile: `/images/banners/mobile-${index + 1}.svg`,
  caption: CAPTIONS[index] ?? `Banner ${index + 1}`,
}));

export const MOBILE_MEDIA = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
export const DESKTOP_MEDIA = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;
