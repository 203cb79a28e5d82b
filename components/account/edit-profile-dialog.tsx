"use client";

import { useEffect, useRef, useState } from "react";
import { DialogAlert } from "../ui/dialog-alert";
import { toast } from "@/components/ui/toast";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { CURRENT_PASSWORD_REQUIRED_MESSAGE, PROFILE_PASSWORD_MISMATCH_MESSAGE } from "@/lib/schemas";
import type { PublicUser } from "@/lib/server/accounts/users";
import { USER_DETAILS_KEY } from "./use-current-user";
import { PRIMARY_BUTTON_CLASS } from "./form-styles";
import { PicturePicker } from "./picture-picker";
import { TextField } from "./text-field";
import { apiErrorMessage, useApiAction } from "../ui/use-api-action";
import { useModalDialog } from "../ui/use-modal-dialog";
import { confirmedPassword, NewPasswordFields } from "./new-password-fields";
import { PasswordField } from "./password-field";

type Saved = PublicUser & { pendingEmail?: string };

/**
 * docs/PRODUCT.md §2.9: the 'Edit Profile' modal (useModalDialog: focus trapped, Escape closes, toasts above
 * it); the caller returns the focus to its Edit button in onClose.
 */
export function EditProfileDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const dialog = useModalDialog();
  // A new picture is a data URL; otherwise the current URL goes back unchanged ("" removes it).
  const [picture, setPicture] = useState(user.profilepic);
  const { pending, run } = useApiAction();
  // Also said inside the dialog: outside a modal dialog the toasts are inert (not announced).
  const [problem, setProblem] = useState("");
  // A new email or password needs the current password: the field shows only then.
  const [needsCurrent, setNeedsCurrent] = useState(false);
  // A new email waits for the code mailed to it: the dialog then asks for that code.
  const [pendingEmail, setPendingEmail] = useState("");
  const codeField = useRef<HTMLInputElement>(null);
  // The code step replaces the form: its field takes the focus (the dialog's focus would be lost).
  useEffect(() => {
    if (pendingEmail) codeField.current?.focus();
  }, [pendingEmail]);

  function onFormInput(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim().toLowerCase();
    setNeedsCurrent(email !== user.email.toLowerCase() || Boolean(form.get("password")));
  }

  async function onConfirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const otp = String(new FormData(event.currentTarget).get("otp") ?? "").trim();
    await run(async () => {
      const answer = await postJson<PublicUser>("/api/confirm-email", { otp }).catch((error: unknown) => {
        setProblem(apiErrorMessage(error));
        throw error;
      });
      toast.success(answer.message);
      await (answer.data ? mutate(USER_DETAILS_KEY, answer.data) : mutate(USER_DETAILS_KEY));
      dialog.current?.close();
    });
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const passwords = confirmedPassword(form, PROFILE_PASSWORD_MISMATCH_MESSAGE);
    setProblem(passwords ? "" : PROFILE_PASSWORD_MISMATCH_MESSAGE);
    if (!passwords) return;
    // Checked here rather than by `required`, so the messages come in the form's order.
    if (needsCurrent && !form.get("currentPassword")) {
      setProblem(CURRENT_PASSWORD_REQUIRED_MESSAGE);
      toast.error(CURRENT_PASSWORD_REQUIRED_MESSAGE);
      return;
    }
    const { password, confirmPwd } = passwords;
    await run(async () => {
      const answer = await postJson<Saved>(
        "/api/update-user",
        {
          name: form.get("name"),
          email: form.get("email"),
          contact: form.get("contact"),
          profilepic: picture,
          ...(password ? { password, confirmPwd } : {}),
          ...(needsCurrent ? { currentPassword: form.get("currentPassword") } : {}),
        },
        "PUT",
      ).catch((error: unknown) => {
        setProblem(apiErrorMessage(error));
        throw error;
      });
      toast.success(answer.message);
      // The header's avatar and menu read the same key.
      await (answer.data ? mutate(USER_DETAILS_KEY, answer.data) : mutate(USER_DETAILS_KEY));
      if (answer.data?.pendingEmail) {
        setPendingEmail(answer.data.pendingEmail);
        setProblem("");
      } else dialog.current?.close();
    });
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="edit-profile-heading"
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {pendingEmail ? (
        <form key="confirm-email" onSubmit={onConfirm} className="max-h-[calc(100dvh-2rem)] space-y-4 overflow-y-auto p-6 sm:p-8">
          <h2 id="edit-profile-heading" className="text-xl font-semibold">
            Edit Profile
          </h2>
          <p id="confirm-email-hint" className="text-sm text-slate-700">
            Your other changes are saved. Enter the 6-digit code we sent to <strong className="break-all">{pendingEmail}</strong> to make it your
            email address; until then you keep {user.email}.
          </p>
          <TextField
            id="confirm-email-code"
            name="otp"
            label="Code from your new email"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            ref={codeField}
            aria-describedby="confirm-email-hint"
          />
          <DialogAlert message={problem} />
          <DialogButtons close="Later" submit={pending ? "Confirming…" : "Confirm email"} pending={pending} onClose={() => dialog.current?.close()} />
        </form>
      ) : (
      <form key="profile" onSubmit={onSubmit} onInput={onFormInput} className="max-h-[calc(100dvh-2rem)] space-y-4 overflow-y-auto p-6 sm:p-8">
        <h2 id="edit-profile-heading" className="text-xl font-semibold">
          Edit Profile
        </h2>
        <TextField id="edit-name" name="name" label="Name" autoComplete="name" required maxLength={100} defaultValue={user.name} />
        <TextField id="edit-email" name="email" label="Email" type="email" autoComplete="email" required maxLength={254} defaultValue={user.email} />
        <TextField id="edit-contact" name="contact" label="Contact" type="tel" autoComplete="tel" inputMode="tel" maxLength={20} defaultValue={user.contact} />
        <PicturePicker value={picture} onChange={setPicture} />
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium">Change password (optional)</legend>
          <NewPasswordFields idPrefix="edit-" label="New Password" hint="Leave both empty to keep your password." />
        </fieldset>
        {needsCurrent && (
          <PasswordField
            id="edit-current-password"
            name="currentPassword"
            label="Current Password"
            autoComplete="current-password"
            maxLength={128}
            hint="Needed to change your email or password."
          />
        )}
        <DialogAlert message={problem} />
        <DialogButtons close="Cancel" submit={pending ? "Saving…" : "Save"} pending={pending} onClose={() => dialog.current?.close()} />
      </form>
      )}
    </dialog>
  );
}

/** The dialog's two buttons: one closes it, the other submits its form. */
function DialogButtons({ close, submit, pending, onClose }: { close: string; submit: string; pending: boolean; onClose: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" onClick={onClose} className="rounded-full px-5 py-2.5 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100">
        {close}
      </button>
      <button type="submit" disabled={pending} className={`${PRIMARY_BUTTON_CLASS} sm:w-auto sm:px-6`}>
        {submit}
      </button>
    </div>
  );
}
