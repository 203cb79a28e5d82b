"use client";

import { useEffect, useId, useRef, useState } from "react";
import { STOCK_MAX } from "@/lib/constants";
import { PRODUCT_IMAGE_MESSAGE } from "@/lib/schemas";
import { DialogAlert } from "../ui/dialog-alert";
import { toast } from "@/components/ui/toast";
import { ApiError, postJson } from "@/lib/api-client";
import { CATEGORIES } from "@/lib/catalog/categories";
import { GST_RATES_BP } from "@/lib/billing/tax";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { INPUT_CLASS, PRIMARY_BUTTON_CLASS } from "../account/form-styles";
import { useModalDialog } from "../ui/use-modal-dialog";
import { formRefusal, useApiAction } from "../ui/use-api-action";
import { ProductImagesField } from "./product-images-field";
import { OpenHolds } from "./open-holds";
import { SpecFields, specValuesOf } from "./spec-fields";
import { IconButton } from "../ui/icon-button";

type Errors = Record<string, string>;

/** The form's own fields: a refusal of one is said under it (the images: under the images). */
const DETAIL_FIELDS = ["hsnCode", "gstRate", "cessRate", "countryOfOrigin", "manufacturer", "importer", "warrantyMonths", "consumerCare"] as const;
const CODE_FIELDS = ["gtin", "mpn"] as const;
const FIELDS: string[] = ["productName", "brandName", "category", "productDesc", "price", "sellingPrice", "stock", ...DETAIL_FIELDS, ...CODE_FIELDS];

/**
 * docs/PRODUCT.md §2.10: the 'Upload Product' and 'Edit Product' forms (productName, brandName, category,
 * productImage, productDesc, price, sellingPrice; and the store's units in stock) in a modal dialog.
 * The server validates (with the same schema) and names the fields at fault; each shows its
 * message beside it.
 */
export function ProductFormDialog({ product, onSaved, onClose }: { product?: PublicProduct; onSaved: (product: PublicProduct) => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  const [images, setImages] = useState<string[]>(product?.productImage ?? []);
  const [errors, setErrors] = useState<Errors>({});
  // A refusal of the whole form, said inside the dialog above the button (never in a toast too:
  // outside a modal dialog everything, the toasts included, is inert).
  const [problem, setProblem] = useState("");
  const { pending, run } = useApiAction({ quiet: true });
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refused) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  // The units the form saves against (`stockWas`): those it opened with, or those a refusal said
  // are there now (sold meanwhile), so the next save is taken.
  const [stockNow, setStockNow] = useState(product ? { stock: product.stock, held: product.held } : null);
  const stockInput = useRef<HTMLInputElement>(null);
  const editing = Boolean(product);
  const details = product?.details;
  // The specification fields follow the category chosen.
  const [category, setCategory] = useState(product?.category ?? "");
  // The two folded sections: open as the admin leaves them, and opened by a refusal of a field
  // inside (never closed by the correction of it). Specifications start open on a new product.
  const [specsOpen, setSpecsOpen] = useState(!product);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const title = editing ? "Edit Product" : "Upload Product";

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Units in stock travel as a JSON number. Anything else (empty: the form requires a number)
    // goes as typed, for the server to refuse with the field's message beside the others'.
    const stockText = String(form.get("stock") ?? "").trim();
    // An edit sends the units only when the admin changed them, with the count the form opened
    // with: units sold meanwhile are never put back on sale by an edit of something else.
    const stockChanged = !stockNow || stockText !== String(stockNow.stock);
    const specs = specValuesOf(form);
    const body = {
      productName: form.get("productName"),
      brandName: form.get("brandName"),
      category: form.get("category"),
      productImage: images,
      productDesc: form.get("productDesc"),
      price: form.get("price"),
      sellingPrice: form.get("sellingPrice"),
      ...(stockChanged ? { stock: /^\d+$/.test(stockText) ? Number(stockText) : stockText } : {}),
      // The tax and legal details as typed: empty clears one (the category's rate and code apply).
      ...Object.fromEntries([...DETAIL_FIELDS, ...CODE_FIELDS].map((name) => [name, String(form.get(name) ?? "").trim()])),
      ...(specs ? { specs } : {}),
      ...(product ? { _id: product._id, ...(stockChanged && stockNow ? { stockWas: stockNow.stock } : {}) } : {}),
    };
    setProblem("");
    await run(async () => {
      try {
        const answer = await postJson<PublicProduct>(editing ? "/api/update-product" : "/api/upload-product", body, editing ? "PUT" : "POST");
        toast.success(answer.message);
        onSaved(answer.data);
        dialog.current?.close();
      } catch (error) {
        // Said once (no toast): a field's message under it, the focus on the first field refused;
        // anything else above the button (docs/PRODUCT.md §8.1: the server's message).
        const refusal = formRefusal(error, (name) => FIELDS.includes(name) || name.startsWith("productImage") || name.startsWith("specs."));
        setErrors(refusal.fields);
        setProblem(refusal.message);
        if (Object.keys(refusal.fields).some((name) => name.startsWith("specs."))) setSpecsOpen(true);
        if (DETAIL_FIELDS.some((name) => refusal.fields[name])) setDetailsOpen(true);
        setRefused((count) => count + 1);
        // A stock refusal (sold meanwhile, or below the units held) says the units now: the next
        // save is made against them, and a count that changed since the form opened is shown.
        const now = error instanceof ApiError && error.status === 409 ? stockOf(error.data) : null;
        if (now) {
          if (stockInput.current && now.stock !== stockNow?.stock) stockInput.current.value = String(now.stock);
          setStockNow(now);
        }
      }
    });
  }

  const field = (name: string, label: string, input: React.ReactNode) => (
    <div className="space-y-1">
      <label htmlFor={`${titleId}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {input}
      {errors[name] && (
        <p id={`${titleId}-${name}-error`} className="text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const describedBy = (name: string) => (errors[name] ? `${titleId}-${name}-error` : undefined);
  const imageError = Object.entries(errors).find(([key]) => key.startsWith("productImage"))?.[1];

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100%-1rem))] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <IconButton icon="close" label="Close" onClick={() => dialog.current?.close()} className="h-9 w-9 hover:bg-slate-100" />
      </div>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        onInput={(event) => {
          // A field being corrected loses its old message.
          const name = (event.target as HTMLInputElement).name;
          if (name && errors[name]) {
            // The dialog's alert goes with the message of the field being corrected.
            if (problem === errors[name]) setProblem("");
            setErrors(({ [name]: _fixed, ...rest }) => rest);
          }
        }}
        noValidate
        className="space-y-4"
      >
        {field(
          "productName",
          "Product Name",
          <input id={`${titleId}-productName`} name="productName" defaultValue={product?.productName} required maxLength={200} aria-invalid={Boolean(errors.productName)} aria-describedby={describedBy("productName")} className={INPUT_CLASS} />,
        )}
        {field(
          "brandName",
          "Brand Name",
          <input id={`${titleId}-brandName`} name="brandName" defaultValue={product?.brandName} required maxLength={100} aria-invalid={Boolean(errors.brandName)} aria-describedby={describedBy("brandName")} className={INPUT_CLASS} />,
        )}
        {field(
          "category",
          "Category",
          <select id={`${titleId}-category`} name="category" defaultValue={product?.category ?? ""} onChange={(event) => setCategory(event.target.value)} required aria-invalid={Boolean(errors.category)} aria-describedby={describedBy("category")} className={INPUT_CLASS}>
            <option value="" disabled>
              Select Category
            </option>
            {CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </select>,
        )}
        <ProductImagesField
          images={images}
          onChange={(update) => {
            setImages(update);
            setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith("productImage"))));
            // The dialog's alert said the images were missing or wrong: they changed, so it goes.
            if (imageError && problem === imageError) setProblem("");
            else if (problem === PRODUCT_IMAGE_MESSAGE) setProblem("");
          }}
          error={imageError}
        />
        {field(
          "productDesc",
          "Description",
          <textarea id={`${titleId}-productDesc`} name="productDesc" defaultValue={product?.productDesc} required rows={4} maxLength={5000} aria-invalid={Boolean(errors.productDesc)} aria-describedby={describedBy("productDesc")} className={INPUT_CLASS} />,
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            "price",
            "Price",
            <input id={`${titleId}-price`} name="price" type="number" inputMode="decimal" min="0.01" step="0.01" defaultValue={product?.price} required aria-invalid={Boolean(errors.price)} aria-describedby={describedBy("price")} className={INPUT_CLASS} />,
          )}
          {field(
            "sellingPrice",
            "Selling Price",
            <input id={`${titleId}-sellingPrice`} name="sellingPrice" type="number" inputMode="decimal" min="0.01" step="0.01" defaultValue={product?.sellingPrice} required aria-invalid={Boolean(errors.sellingPrice)} aria-describedby={describedBy("sellingPrice")} className={INPUT_CLASS} />,
          )}
        </div>
        {field(
          "stock",
          "Units in stock",
          <>
            <input
              id={`${titleId}-stock`}
              name="stock"
              type="number"
              inputMode="numeric"
              min="0"
              max={STOCK_MAX}
              step="1"
              ref={stockInput}
              defaultValue={product?.stock}
              required
              aria-invalid={Boolean(errors.stock)}
              aria-describedby={[describedBy("stock"), stockNow && stockNow.held > 0 ? `${titleId}-stock-held` : undefined].filter(Boolean).join(" ") || undefined}
              className={INPUT_CLASS}
            />
            {stockNow && stockNow.held > 0 && (
              <p id={`${titleId}-stock-held`} className="text-sm text-slate-600">
                {stockNow.held} held by open checkouts
              </p>
            )}
            {product && stockNow && stockNow.held > 0 && <OpenHolds query={{ productId: product._id }} />}
          </>,
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          {field("gtin", "EAN (barcode, 13 digits)", <input id={`${titleId}-gtin`} name="gtin" inputMode="numeric" maxLength={13} defaultValue={details?.gtin ?? ""} aria-invalid={Boolean(errors.gtin)} aria-describedby={describedBy("gtin")} className={INPUT_CLASS} />)}
          {field("mpn", "Model number", <input id={`${titleId}-mpn`} name="mpn" maxLength={40} defaultValue={details?.mpn ?? ""} aria-invalid={Boolean(errors.mpn)} aria-describedby={describedBy("mpn")} className={INPUT_CLASS} />)}
        </div>
        <details className="rounded-lg p-3 ring-1 ring-slate-200" open={specsOpen} onToggle={(event) => setSpecsOpen(event.currentTarget.open)} data-testid="product-specs">
          <summary className="cursor-pointer text-sm font-semibold">Specifications</summary>
          <div className="mt-3">
            <SpecFields category={category} values={product?.specs ?? {}} errors={errors} idPrefix={titleId} />
          </div>
        </details>
        <details className="rounded-lg p-3 ring-1 ring-slate-200" open={detailsOpen} onToggle={(event) => setDetailsOpen(event.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-semibold">Tax and legal details</summary>
          <p className="mt-2 text-sm text-slate-600">Left empty, the HSN code and rates are the category&apos;s. Shown on the product page, as the Legal Metrology and E-Commerce rules ask.</p>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            {field("hsnCode", "HSN code", <input id={`${titleId}-hsnCode`} name="hsnCode" inputMode="numeric" maxLength={8} defaultValue={details?.hsnCode ?? ""} placeholder="Category's" aria-invalid={Boolean(errors.hsnCode)} aria-describedby={describedBy("hsnCode")} className={INPUT_CLASS} />)}
            {field(
              "gstRate",
              "GST rate",
              <select id={`${titleId}-gstRate`} name="gstRate" defaultValue={details?.gstRate ?? ""} aria-invalid={Boolean(errors.gstRate)} aria-describedby={describedBy("gstRate")} className={INPUT_CLASS}>
                <option value="">Category&apos;s</option>
                {GST_RATES_BP.map((rate) => (
                  <option key={rate} value={rate / 100}>
                    {rate / 100}%
                  </option>
                ))}
              </select>,
            )}
            {field("cessRate", "Cess rate (%)", <input id={`${titleId}-cessRate`} name="cessRate" inputMode="decimal" maxLength={6} defaultValue={details?.cessRate ?? ""} placeholder="Category's" aria-invalid={Boolean(errors.cessRate)} aria-describedby={describedBy("cessRate")} className={INPUT_CLASS} />)}
          </div>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {field("countryOfOrigin", "Country of origin", <input id={`${titleId}-countryOfOrigin`} name="countryOfOrigin" maxLength={60} defaultValue={details?.countryOfOrigin ?? ""} aria-invalid={Boolean(errors.countryOfOrigin)} aria-describedby={describedBy("countryOfOrigin")} className={INPUT_CLASS} />)}
            {field("warrantyMonths", "Warranty (months)", <input id={`${titleId}-warrantyMonths`} name="warrantyMonths" type="number" inputMode="numeric" min="0" max="120" step="1" defaultValue={details?.warrantyMonths ?? ""} aria-invalid={Boolean(errors.warrantyMonths)} aria-describedby={describedBy("warrantyMonths")} className={INPUT_CLASS} />)}
          </div>
          <div className="mt-3 space-y-3">
            {field("manufacturer", "Manufacturer (name and address)", <textarea id={`${titleId}-manufacturer`} name="manufacturer" rows={2} maxLength={400} defaultValue={details?.manufacturer ?? ""} aria-invalid={Boolean(errors.manufacturer)} aria-describedby={describedBy("manufacturer")} className={INPUT_CLASS} />)}
            {field("importer", "Importer (name and address, for imported goods)", <textarea id={`${titleId}-importer`} name="importer" rows={2} maxLength={400} defaultValue={details?.importer ?? ""} aria-invalid={Boolean(errors.importer)} aria-describedby={describedBy("importer")} className={INPUT_CLASS} />)}
            {field("consumerCare", "Consumer care (empty: the store's own)", <textarea id={`${titleId}-consumerCare`} name="consumerCare" rows={2} maxLength={400} defaultValue={details?.consumerCare ?? ""} aria-invalid={Boolean(errors.consumerCare)} aria-describedby={describedBy("consumerCare")} className={INPUT_CLASS} />)}
          </div>
        </details>
        <DialogAlert message={problem} />
        <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
          {pending ? "Saving…" : editing ? "Update Product" : "Upload Product"}
        </button>
      </form>
    </dialog>
  );
}

/** The units a stock refusal's `data` says are there now, if it says so. */
function stockOf(data: unknown): { stock: number; held: number } | null {
  if (typeof data !== "object" || data === null) return null;
  const { stock, held } = data as { stock?: unknown; held?: unknown };
  return typeof stock === "number" && typeof held === "number" ? { stock, held } : null;
}
