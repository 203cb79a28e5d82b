"use client";

import { useEffect, useId, useRef, useState } from "react";
import { PRODUCT_IMAGE_MAX_BYTES } from "@/lib/constants";
import { PRODUCT_IMAGE_MESSAGE, PRODUCT_IMAGES_MAX } from "@/lib/schemas";
import { productImageSrc } from "@/lib/catalog/product-image";
import { uploadSigned } from "@/lib/shared/signed-upload";


const TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"];
const SMALL_BUTTON = "grid h-7 w-7 place-items-center rounded-full bg-white/90 text-slate-800 shadow ring-1 ring-slate-300 hover:bg-white disabled:opacity-40";

const uploadImage = (file: File): Promise<string> => uploadSigned("/api/upload-signature", file);

/**
 * The product form's images (docs/PRODUCT.md §2.10, §5): pick or drop files, each uploaded to the image host;
 * thumbnails to reorder and remove; the first is the card image. '*Please Upload Product image'
 * while there are none (the form is not blocked; the server refuses it).
 */
export function ProductImagesField({ images, onChange, error }: { images: string[]; onChange: (update: (current: string[]) => string[]) => void; error?: string }) {
  const inputId = useId();
  const messageId = useId();
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  // A file refused here (type, size, count, the image host): said under the field, as the form's
  // other refusals are, not in a toast (inert behind the modal dialog).
  const [refusal, setRefusal] = useState("");

  // Uploads finish one by one while the admin may still reorder or remove: every change applies
  // to the list as it is then, and the count includes uploads still on their way.
  const pendingCount = useRef(0);
  async function add(files: FileList | null) {
    const picked = [...(files ?? [])];
    setRefusal("");
    for (const file of picked) {
      if (images.length + pendingCount.current >= PRODUCT_IMAGES_MAX) {
        setRefusal(`At most ${PRODUCT_IMAGES_MAX} images`);
        break;
      }
      if (!TYPES.includes(file.type)) {
        setRefusal(`${file.name}: use a JPEG, PNG, WebP or AVIF image`);
        continue;
      }
      if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
        setRefusal(`${file.name}: an image may be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
        continue;
      }
      setUploading((count) => count + 1);
      pendingCount.current += 1;
      try {
        const url = await uploadImage(file);
        onChange((current) => (current.length < PRODUCT_IMAGES_MAX ? [...current, url] : current));
      } catch (caught) {
        setRefusal(`${file.name}: ${caught instanceof Error ? caught.message : "the upload failed"}`);
      } finally {
        pendingCount.current -= 1;
        setUploading((count) => count - 1);
      }
    }
  }

  // A moved or removed thumbnail's button leaves the document or becomes disabled: the focus goes
  // to the control that continues the admin's work, never to the page.
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const refocus = useRef<{ index: number; direction: "earlier" | "later" } | "input" | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    if (wanted === "input" || images.length === 0) {
      fileInput.current?.focus();
      return;
    }
    const buttons = (index: number) => list.current?.children[index]?.querySelectorAll<HTMLButtonElement>("button[data-move]");
    const index = Math.min(wanted.index, images.length - 1);
    const candidates = [...(buttons(index) ?? [])];
    const same = candidates.find((button) => button.dataset.move === wanted.direction && !button.disabled);
    const other = candidates.find((button) => !button.disabled);
    (same ?? other ?? fileInput.current)?.focus();
  }, [images]);

  const move = (from: number, to: number) => {
    refocus.current = { index: to, direction: to < from ? "earlier" : "later" };
    onChange((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  };

  const remove = (index: number) => {
    refocus.current = images.length > 1 ? { index, direction: "earlier" } : "input";
    onChange((current) => current.filter((_, i) => i !== index));
  };

  return (
    <fieldset className="space-y-2" aria-describedby={messageId}>
      <legend className="text-sm font-medium">Product Image</legend>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void add(event.dataTransfer.files);
        }}
        className={`flex h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed text-sm text-slate-600 focus-within:ring-2 focus-within:ring-brand-600 ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50"}`}
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v4h16v-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{uploading > 0 ? `Uploading ${uploading} image(s)…` : "Choose or drop images (JPEG, PNG, WebP, AVIF; up to 5 MB)"}</span>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={TYPES.join(",")}
          multiple
          aria-invalid={Boolean(error) || undefined}
          className="sr-only"
          // Enter opens the chooser too (browsers open it on Space only).
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            event.currentTarget.click();
          }}
          onChange={(event) => void add(event.target.files).then(() => (event.target.value = ""))}
        />
      </label>
      {images.length > 0 ? (
        <ol ref={list} className="flex flex-wrap gap-2" aria-label="Product images, the first is the card image">
          {images.map((src, index) => (
            <li key={src} className="relative h-24 w-24 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200" data-testid="product-image-thumb">
              {/* eslint-disable-next-line @next/next/no-img-element -- the image host's URL */}
              <img src={productImageSrc(src, 96)} alt={`Image ${index + 1}`} className="h-full w-full object-contain" />
              {index === 0 && <span className="absolute left-1 top-1 rounded bg-brand-600 px-1 text-[10px] font-semibold text-white">Card</span>}
              <div className="absolute inset-x-1 bottom-1 flex justify-between">
                <button type="button" className={SMALL_BUTTON} data-move="earlier" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Move image ${index + 1} earlier`}>
                  <span aria-hidden="true">‹</span>
                </button>
                <button type="button" className={SMALL_BUTTON} onClick={() => remove(index)} aria-label={`Remove image ${index + 1}`}>
                  <span aria-hidden="true">×</span>
                </button>
                <button type="button" className={SMALL_BUTTON} data-move="later" disabled={index === images.length - 1} onClick={() => move(index, index + 1)} aria-label={`Move image ${index + 1} later`}>
                  <span aria-hidden="true">›</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <p id={messageId} className="text-sm text-red-700" role={error || refusal ? "alert" : undefined}>
        {refusal || (images.length === 0 ? PRODUCT_IMAGE_MESSAGE : (error ?? ""))}
      </p>
    </fieldset>
  );
}
