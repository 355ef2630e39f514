import { getTextareaProps } from "@conform-to/react";
import { createElement, type ReactNode, type TextareaHTMLAttributes } from "react";
import { completeControl, fieldFrame, stateOf, type AnyMeta } from "./Field";

// A module of its own: the sign-in page loads Field.tsx and has no multi-line field.
/** A labelled multi-line text with its hint and error. */
export function TextareaField({ meta, label, required, hint, rows = 4 }: { meta: AnyMeta; label: string; required?: boolean; hint?: ReactNode; rows?: number }) {
  const state = stateOf(meta);
  const hintId = hint ? `${state.id}-hint` : undefined;
  const props: TextareaHTMLAttributes<HTMLTextAreaElement> = getTextareaProps(meta, { ariaAttributes: true });
  const mustFill = required || props.required;
  props.rows = rows;
  return fieldFrame(state, label, mustFill, hint, hintId, createElement("textarea", completeControl(props, state, mustFill, hintId)));
}
