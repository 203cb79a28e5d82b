import { productImageSrc } from "@/lib/catalog/product-image";

/** A product's first image in a small square (order lines, the admin's lists); blank when it has none. */
export function ProductThumb({ src, size = 64 }: { src: string | undefined; size?: number }) {
  return (
    <div className="grid shrink-0 grid-cols-1 grid-rows-1 place-items-center rounded-lg bg-slate-100 p-1" style={{ width: size, height: size }}>
      {src && (
        // eslint-disable-next-line @next/next/no-img-element -- sized by the image host (lib/catalog/product-image.ts)
        <img src={productImageSrc(src, size)} alt="" width={size} height={size} loading="lazy" className="h-full w-full object-contain mix-blend-multiply" />
      )}
    </div>
  );
}
