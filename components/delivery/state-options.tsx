import { INDIA_STATES } from "@/lib/shared/india";

/** A state select's options: the prompt (value ""), then every state and union territory by its code. */
export function StateOptions({ prompt = "Choose a state" }: { prompt?: string }) {
  return (
    <>
      <option value="">{prompt}</option>
      {INDIA_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name}
        </option>
      ))}
    </>
  );
}
