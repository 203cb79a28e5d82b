"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/toast";
import { ApiError, postJson, type ApiAnswer } from "@/lib/api-client";
import { apiErrorMessage, useApiAction } from "../use-api-action";

/**
 * One of the order page's writes (ship, deliver, cancel, refund) through its API endpoint: once at
 * a time, the success said in a toast and the page's data read again from the server
 * (router.refresh()). A refusal is kept (`error`, the server's message verbatim, and `fields`, its
 * messages by field) for the open dialog to say, besides the toast; a 409 (someone else moved the
 * order meanwhile), 502 or 503 (a refund refused, or recorded to be sent later) also refreshes the
 * page, so it shows what the order is now.
 */
export function useOrderAction() {
  const router = useRouter();
  const { pending, run } = useApiAction();
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});

  /** Answers true when the write succeeded; `said` words the toast from the answer. */
  async function send<T>(path: string, body: unknown, said: (answer: ApiAnswer<T>) => string): Promise<boolean> {
    setError("");
    setFields({});
    let done = false;
    await run(async () => {
      try {
        const answer = await postJson<T>(path, body);
        toast.success(said(answer));
        done = true;
      } catch (failure) {
        setError(apiErrorMessage(failure));
        if (failure instanceof ApiError) {
          setFields(failure.fields);
          // 409: someone moved the order meanwhile; 502/503: a refund was refused or is waiting
          // for the payment service. Either way the page shows what the order is now.
          if (failure.status === 409 || failure.status === 502 || failure.status === 503) router.refresh();
        }
        throw failure;
      }
    });
    if (done) router.refresh();
    return done;
  }

  return { pending, error, fields, setFields, send };
}
