// Image URLs at the size they are shown. Cloudinary resizes and picks the format by URL
// (w_, c_limit, f_auto, q_auto); our own SVGs and other hosts are used as they are.
const CLOUDINARY_UPLOAD = /^(https:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\/)(.*)$/;

export function productImageSrc(src: string, size: number): string {
  const match = CLOUDINARY_UPLOAD.exec(src);
  if (!match) return src;
  const width = Math.ceil(size * 2); // sharp on 2x screens
  return `${match[1]}w_${width},c_limit,f_auto,q_auto/${match[2]}`;
}
