import { INPUT_CLASS } from "./form-styles";

type Props = Omit<React.ComponentProps<"input">, "id" | "name" | "className"> & {
  id: string;
  name: string;
  label: string;
};

/** A labelled input in the account forms' style. */
export function TextField({ id, name, label, ...input }: Props) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} name={name} {...input} className={INPUT_CLASS} />
    </div>
  );
}
