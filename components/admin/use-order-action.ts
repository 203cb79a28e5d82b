"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ApiError, postJson, type ApiAnswer } from "@/lib/api-client";
import { formRefusal, useApiAction } from "../ui/use-api-action";

/**
 * One of the order page's writes (ship, deliver, cancel, refund) through its API endpoint: once at
 * a time, the success said in a toast and the page's data read again from the server
 * (router.refresh()). A refusal is said once, by the open dialog, never in a toast as well:
 * `fields`, the server's messages of the fields the dialog shows (`shown`), each under its field,
 * and `error`, the server's message verbatim, above the buttons unless it is one of those. A 409
 * (someone else moved the order meanwhile), 502 or 503 (a refund refused, or recorded to be sent
 * later) also refreshes the page, so it shows what the order is now.
 */
export function useOrderAction(shown: readonly string[] = []) {
  const router = useRouter();
  const { pending, run } = useApiAction({ quiet: true });
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  /** How many refusals so far: a dialog follows it to move the focus to a refused field. */
  const [refused, setRefused] = useState(0);

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
        const refusal = formRefusal(failure, (name) => shown.includes(name));
        setError(refusal.message);
        setFields(refusal.fields);
        setRefused((count) => count + 1);
        if (failure instanceof ApiError) {
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

  return { pending, error, fields, setFields, send, refused };
}
