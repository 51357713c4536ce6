"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import { afterThePageSettles } from "@/components/ui/after-the-page-settles";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { ApiError } from "@/lib/api-client";
import type { CriteriaOf, SearchCriteria, SearchProductType } from "@/lib/search/criteria";
import { initialWants, type FormWants } from "./form-wants";
import type { SearchRules } from "./search-resolver";

/**
 * The rules that check a search before it starts (./search-resolver.ts: the service's request
 * schema, so zod, ~30 KB gzip with it) are fetched once the page has settled, or by the first
 * submit if it comes sooner: the search page shows without them. A failed fetch is tried again
 * at the next submit.
 */
let rulesModule: Promise<typeof import("./search-resolver")> | null = null;
export function loadSearchRules(): Promise<typeof import("./search-resolver")> {
  rulesModule ??= import("./search-resolver").catch((e: unknown) => {
    rulesModule = null;
    throw e;
  });
  return rulesModule;
}

/** The form's resolver, the rules loaded when first needed; without them, a sentence above the button. */
function lazyResolver<T extends SearchProductType>(rules: SearchRules): Resolver<CriteriaOf<T>, FormWants> {
  let loaded: Resolver<CriteriaOf<T>, FormWants> | null = null;
  return async (values, wants, options) => {
    try {
      loaded ??= (await loadSearchRules()).searchResolver<T>(rules);
    } catch {
      return {
        values: {},
        errors: { root: { server: { type: "network", message: "We couldn't load the search form's checks. Check your connection and try again." } } },
      } as unknown as Awaited<ReturnType<Resolver<CriteriaOf<T>, FormWants>>>;
    }
    return loaded(values, wants, options);
  };
}

export type RunSearchMutation = UseMutationResult<{ searchId: string; criteria: SearchCriteria }, Error, SearchCriteria>;

/** Focus the first field the form marks invalid (controls without a ref included). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const el = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] select');
    el?.focus();
  });
}

/**
 * One product's search form: its own react-hook-form (values = that product's criteria), the
 * schema resolver, the submit button with its "Searching…" state, and the service's refusals
 * placed on the fields they concern. A failed search keeps everything typed.
 */
export function ProductForm<T extends SearchProductType>({
  productType,
  defaultValues,
  rules,
  run,
  running,
  valuesRef,
  children,
  footer,
}: {
  productType: T;
  defaultValues: CriteriaOf<T>;
  rules: SearchRules;
  run: RunSearchMutation;
  /** The search is being started, or its results are being opened. */
  running: boolean;
  /** Lets the page read the values when the advisor switches tabs. */
  valuesRef: RefObject<(() => SearchCriteria) | null>;
  children: (form: UseFormReturn<CriteriaOf<T>, FormWants>, setWants: Dispatch<SetStateAction<FormWants>>) => ReactNode;
  footer?: ReactNode;
}) {
  // What the fields want beyond their values (the resolver's context).
  const [wants, setWants] = useState<FormWants>(() => initialWants(defaultValues));
  const resolver = useMemo(() => lazyResolver<T>(rules), [rules]);
  useEffect(() => afterThePageSettles(() => void loadSearchRules().catch(() => undefined)), []);
  const form = useForm<CriteriaOf<T>, FormWants>({
    context: wants,
    defaultValues: defaultValues as DefaultValues<CriteriaOf<T>>,
    resolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);

  useEffect(() => {
    valuesRef.current = () => form.getValues() as SearchCriteria;
    return () => {
      valuesRef.current = null;
    };
  }, [form, valuesRef]);

  const start = (values: CriteriaOf<T>) => {
    if (run.isPending) return;
    setFailure(null);
    run.mutate(values as SearchCriteria, {
      onError: async (error) => {
        const details = error instanceof ApiError ? error.details : [];
        // The rules are loaded by now (the resolver ran before the search was sent).
        const placed = details.length > 0 ? await loadSearchRules().then((m) => m.detailsToFields(productType, details), () => null) : null;
        const { fields, unplaced } = placed ?? { fields: {}, unplaced: details.map((d) => d.message) };
        for (const [field, message] of Object.entries(fields)) {
          form.setError(field as Path<CriteriaOf<T>>, { type: "server", message }, { shouldFocus: false });
        }
        if (Object.keys(fields).length > 0) focusFirstInvalid(formRef.current);
        if (Object.keys(fields).length === 0 || unplaced.length > 0) {
          setFailure({
            title: Object.keys(fields).length > 0 ? "Some details need another look" : "The search could not start",
            message: unplaced.length > 0 ? unplaced.join(" ") : error.message || "Something went wrong. Try again.",
          });
        }
      },
    });
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) =>
    form.handleSubmit(start, () => focusFirstInvalid(event.currentTarget ?? formRef.current))(event);
  const rootError = form.formState.errors.root?.server?.message;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={`${LABELS[productType]} search`} aria-busy={running || undefined}>
      {/* The form's sections (rooms, more options, flights) are h3s under this: the page's headings stay in order. */}
      <h2 className="sr-only">{`${LABELS[productType]} search`}</h2>
      <div className="space-y-6">{children(form, setWants)}</div>

      {rootError ? <Callout title={rootError} className="mt-6" /> : null}
      {failure ? (
        <Callout title={failure.title} className="mt-6">
          <p>{failure.message}</p>
          <button
            type="submit"
            className="mt-2 font-semibold text-rose-800 underline underline-offset-2 hover:text-rose-950 disabled:opacity-60"
            disabled={running}
          >
            Try again
          </button>
        </Callout>
      ) : null}

      <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-[0.8125rem] text-slate-500">{footer}</div>
        <Button type="submit" pending={running} className="w-full sm:w-auto sm:min-w-40">
          {running ? null : <Search className="size-4" aria-hidden />}
          {running ? "Searching…" : `Search ${LABELS[productType].toLowerCase()}`}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {running ? (productType === "hotel" ? "Searching hotels. This can take a few seconds." : "Searching…") : ""}
      </p>
    </form>
  );
}

const LABELS: Record<SearchProductType, string> = { hotel: "Hotels", flight: "Flights", activity: "Activities", transfer: "Transfers" };

/** Optional whole number input: "" is null. */
export function toOptionalInt(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : NaN;
}

export type FieldsProps<T extends FieldValues> = { form: UseFormReturn<T>; today: string };

/**
 * What the search page gives a product's form. Each product's module (hotel-fields.tsx, …)
 * exports its form, its fields inside ProductForm, so the page loads a product's code, and the
 * form machinery (react-hook-form, the resolver), only when that form is shown.
 */
export type ProductFormProps<T extends SearchProductType> = {
  defaultValues: CriteriaOf<T>;
  rules: SearchRules;
  run: RunSearchMutation;
  running: boolean;
  valuesRef: RefObject<(() => SearchCriteria) | null>;
  footer?: ReactNode;
  today: string;
};
