"use client";

import { useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { PROFILE_PICTURE_MAX_BYTES } from "@/lib/constants";
import { Avatar } from "./avatar";

// The sign-up form's and the profile modal's picture: an image file read into a data URL (the
// payload's profilepic), previewed round before it is sent.

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const MAX_MB = PROFILE_PICTURE_MAX_BYTES / (1024 * 1024);

/** Why `file` cannot be a profile picture, or null when it can. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return "Please choose a PNG, JPEG, WebP or GIF image.";
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return `The picture must be at most ${MAX_MB} MB.`;
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The picture could not be read"));
    reader.readAsDataURL(file);
  });
}

type Props = {
  /** The picture now: a data URL, the image host's URL, or "" for none. */
  value: string;
  onChange: (picture: string) => void;
  label?: string;
};

export function PicturePicker({ value, onChange, label = "Profile picture" }: Props) {
  const inputId = useId();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const why = pictureProblem(file);
    if (why) {
      setProblem(why);
      toast.error(why);
      event.target.value = "";
      return;
    }
    try {
      onChange(await readAsDataUrl(file));
      setProblem(null);
    } catch {
      setProblem("The picture could not be read. Please choose another one.");
      event.target.value = "";
    }
  }

  function remove() {
    onChange("");
    setProblem(null);
    if (input.current) input.current.value = "";
  }

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-4">
        <Avatar picture={value} size="md" alt={value ? "Preview of the chosen picture" : ""} />
        <div className="min-w-0 flex-1 space-y-1">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/*"
            onChange={onFile}
            aria-describedby={messageId}
            aria-invalid={problem ? true : undefined}
            className="block w-full text-sm text-slate-600 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-1.5 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
          <p id={messageId} className={`text-xs ${problem ? "text-red-700" : "text-slate-500"}`}>
            {problem ?? `PNG, JPEG, WebP or GIF, up to ${MAX_MB} MB.`}
          </p>
          {value && (
            <button type="button" onClick={remove} className="text-xs text-slate-600 underline hover:text-slate-900">
              Remove picture
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
