"use client";

import { BedDouble, Building2, LoaderCircle, MapPin, Plane, Search, SpellCheck, Star, StarHalf, TriangleAlert, type LucideIcon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { fieldClasses, inputClasses } from "@/components/ui/field";
import { SUGGEST_MIN_CHARS, useSuggest, type Suggestions, type SuggestProductType } from "./use-suggest";

export type DestinationChoice =
  | { kind: "city"; cityRegionId: number; cityRegionIds: number[]; name: string; countryCode: string }
  | { kind: "hotel"; canonicalId: string; name: string; cityName: string | null; countryCode: string | null }
  | { kind: "airport"; code: string; name: string; countryCode: string | null }
  | { kind: "destination"; code: string; name: string; countryCode: string | null };

type Option = {
  id: string;
  choice: DestinationChoice;
  detail: string;
  stars: number | null;
};
type Section = { id: "cities" | "hotels" | "pois"; title: string; items: Option[] };

export function choiceKey(choice: DestinationChoice): string {
  switch (choice.kind) {
    case "city":
      return `city:${choice.cityRegionId}`;
    case "hotel":
      return `hotel:${choice.canonicalId}`;
    case "airport":
      return `airport:${choice.code}`;
    case "destination":
      return `destination:${choice.code}`;
  }
}

let regionNames: Intl.DisplayNames | null | undefined;
function countryName(code: string | null | undefined): string | null {
  if (!code) return null;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const joinParts = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

// Which groups each product can use: hotels search by region, hotel or destination area;
// flights need airports; activities need a destination code; transfers run between
// airports and hotels (a destination area is not a pickup point).
const PRODUCT_GROUPS: Record<SuggestProductType, { cities: boolean; hotels: boolean; poiKinds: DestinationChoice["kind"][] }> = {
  hotel: { cities: true, hotels: true, poiKinds: ["destination"] },
  flight: { cities: false, hotels: false, poiKinds: ["airport"] },
  activity: { cities: false, hotels: false, poiKinds: ["destination"] },
  transfer: { cities: false, hotels: true, poiKinds: ["airport"] },
};

export function buildSections(data: Suggestions, productType: SuggestProductType, kinds?: readonly DestinationChoice["kind"][]): Section[] {
  const base = PRODUCT_GROUPS[productType];
  const groups = kinds
    ? { cities: base.cities && kinds.includes("city"), hotels: base.hotels && kinds.includes("hotel"), poiKinds: base.poiKinds.filter((k) => kinds.includes(k)) }
    : base;
  const sections: Section[] = [];

  if (groups.cities && data.cities.length > 0) {
    sections.push({
      id: "cities",
      title: "Cities",
      items: data.cities.map((c) => ({
        id: `city:${c.cityRegionId}`,
        choice: {
          kind: "city",
          cityRegionId: c.cityRegionId,
          cityRegionIds: c.cityRegionIds.length > 0 ? c.cityRegionIds : [c.cityRegionId],
          name: c.name,
          countryCode: c.countryCode,
        },
        detail: joinParts(c.stateName, countryName(c.countryCode)),
        stars: null,
      })),
    });
  }

  if (groups.hotels && data.hotels.length > 0) {
    sections.push({
      id: "hotels",
      title: "Hotels",
      items: data.hotels.map((h) => ({
        id: `hotel:${h.canonicalId}`,
        choice: {
          kind: "hotel",
          canonicalId: h.canonicalId,
          name: h.name,
          cityName: h.cityName ?? null,
          countryCode: h.countryCode ?? null,
        },
        detail: joinParts(h.cityName, countryName(h.countryCode)),
        // The rating as the service gives it (3.5 stays 3.5, as on results and at checkout).
        stars: h.starRating != null && h.starRating > 0 ? Math.min(5, Math.round(h.starRating * 2) / 2) : null,
      })),
    });
  }

  const pois: Option[] = [];
  for (const p of data.pois) {
    // An open enum: a kind this desk does not know yet is left out rather than guessed.
    const kind = p.kind === "airport" ? "airport" : p.kind === "destination" ? "destination" : null;
    if (!kind || !groups.poiKinds.includes(kind)) continue;
    pois.push({
      id: `${kind}:${p.code}`,
      choice: { kind, code: p.code, name: p.name, countryCode: p.countryCode ?? null },
      detail: joinParts(kind === "airport" ? p.code : null, countryName(p.countryCode)),
      stars: null,
    });
  }
  if (pois.length > 0) sections.push({ id: "pois", title: "Airports & places", items: pois });

  return sections;
}

const KIND_ICONS: Record<DestinationChoice["kind"], LucideIcon> = {
  city: Building2,
  hotel: BedDouble,
  airport: Plane,
  destination: MapPin,
};

const PLACEHOLDERS: Record<SuggestProductType, string> = {
  hotel: "City, hotel or area",
  flight: "City or airport",
  activity: "Destination",
  transfer: "Airport or hotel",
};

export type DestinationComboboxProps = {
  label: React.ReactNode;
  productType: SuggestProductType;
  /** The chosen place; `undefined` leaves the selection to the combobox. */
  value?: DestinationChoice | null;
  onSelect: (choice: DestinationChoice) => void;
  /** Called when the text is edited away from the chosen place. */
  onClear?: () => void;
  /** The text as the advisor types it, when it is not the chosen place's name (a typed place). */
  onTextChange?: (text: string) => void;
  /** Only these kinds of suggestion (e.g. airports only for a transfer's airport pickup). */
  kinds?: readonly DestinationChoice["kind"][];
  /** Help below the field. */
  description?: string;
  /** Text to start with (forms keep what was typed). Defaults to the chosen place's name. */
  defaultInputValue?: string;
  placeholder?: string;
  /** A validation error from the form, as a sentence. */
  error?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  className?: string;
};

export function DestinationCombobox({
  label,
  productType,
  value,
  onSelect,
  onClear,
  onTextChange,
  kinds,
  description,
  defaultInputValue,
  placeholder,
  error,
  isRequired,
  isDisabled,
  autoFocus,
  className,
}: DestinationComboboxProps) {
  const id = useId();
  const ids = { label: `${id}-label`, input: `${id}-input`, popup: `${id}-popup`, help: `${id}-help` };
  const [inputValue, setInputValue] = useState(defaultInputValue ?? value?.name ?? "");
  // Text restored from the URL or the form is not a question: suggestions wait for typing.
  const [edited, setEdited] = useState(false);
  const [open, setOpen] = useState(false);
  // The option the arrow keys are on (the input keeps the focus: aria-activedescendant), and
  // whether the keys or the pointer put it there (only the keys draw a ring).
  const [active, setActive] = useState<{ id: string; by: "keys" | "pointer" } | null>(null);
  const suggest = useSuggest(inputValue, { productType, enabled: edited });
  const sections = useMemo(() => buildSections(suggest.data, productType, kinds), [suggest.data, productType, kinds]);
  const options = useMemo(() => sections.flatMap((s) => s.items), [sections]);

  const typed = inputValue.trim();
  // The desk corrected a typo the service found nothing for: the options are for this name.
  const correction = options.length > 0 ? suggest.data.didYouMean : undefined;
  const busy = suggest.isBusy;
  const shown = open && typed.length > 0;
  const activeIndex = active ? options.findIndex((o) => o.id === active.id) : -1;
  const optionId = (index: number) => `${id}-option-${index}`;
  const selectedId = value ? choiceKey(value) : null;

  useEffect(() => {
    if (shown && activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: "nearest" });
    // optionId only depends on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, activeIndex]);

  function handleInputChange(text: string) {
    if (text !== inputValue) setEdited(true);
    setInputValue(text);
    setActive(null);
    setOpen(text.trim().length > 0);
    if (value && text === value.name) return;
    if (value) onClear?.();
    onTextChange?.(text);
  }

  function choose(option: Option) {
    setInputValue(option.choice.name);
    setOpen(false);
    setActive(null);
    onSelect(option.choice);
  }

  function moveTo(index: number) {
    const option = options[index];
    setActive(option ? { id: option.id, by: "keys" } : null);
  }

  function handleKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (e.altKey || typed.length === 0) return;
        e.preventDefault();
        const down = e.key === "ArrowDown";
        if (!shown) {
          setOpen(true);
          moveTo(down ? 0 : options.length - 1);
        } else if (activeIndex < 0) {
          moveTo(down ? 0 : options.length - 1);
        } else {
          moveTo(Math.max(0, Math.min(options.length - 1, activeIndex + (down ? 1 : -1))));
        }
        return;
      }
      case "Enter": {
        if (!shown || activeIndex < 0) return;
        // The highlighted suggestion is picked; the form is not sent.
        e.preventDefault();
        choose(options[activeIndex]!);
        return;
      }
      case "Escape": {
        if (!shown) return;
        // Closes the suggestions only (not a dialog the field is in).
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(null);
        return;
      }
      case "Tab":
        setOpen(false);
        setActive(null);
        return;
    }
  }

  function renderEmptyState() {
    if (typed.length < SUGGEST_MIN_CHARS) {
      return <EmptyMessage>Type at least {SUGGEST_MIN_CHARS} characters to search.</EmptyMessage>;
    }
    if (suggest.isError) {
      return (
        <div role="alert" className="flex items-start gap-2 px-3 py-3 text-sm text-rose-700">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" />
          <span>We couldn’t load suggestions just now. Keep typing to try again, or check your connection.</span>
        </div>
      );
    }
    if (!suggest.isSettled) return <EmptyMessage>Searching…</EmptyMessage>;
    return (
      <div className="px-3 py-4 text-center">
        <p className="text-sm font-medium text-slate-800">No places match “{typed}”</p>
        <p className="mt-1 text-[0.8125rem] text-slate-500">Check the spelling, or try a nearby city or airport code.</p>
      </div>
    );
  }

  // What a screen reader hears as the suggestions change (the list itself is not focused).
  const status = busy
    ? "Loading suggestions…"
    : shown && suggest.isSettled && typed.length >= SUGGEST_MIN_CHARS && !suggest.isError
      ? `${correction ? `No places match ${typed}. Did you mean ${correction}? ` : ""}${options.length === 1 ? "1 suggestion." : `${options.length} suggestions.`}`
      : "";

  let index = 0;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label id={ids.label} htmlFor={ids.input} className={cn(fieldClasses.label, "block")}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={ids.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={shown ? ids.popup : undefined}
          aria-activedescendant={shown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={error || description ? ids.help : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          autoFocus={autoFocus}
          disabled={isDisabled}
          className={cn(inputClasses(!!error), "pr-9 pl-9")}
          placeholder={placeholder ?? PLACEHOLDERS[productType]}
          value={inputValue}
          onChange={(e) => handleInputChange(e.target.value)}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(null);
          }}
        />
        {busy ? (
          <LoaderCircle
            aria-hidden
            data-testid="suggest-loading"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-brand-600"
          />
        ) : null}
        {shown ? (
          <div
            id={ids.popup}
            className="absolute top-full left-0 z-30 mt-1.5 w-full min-w-72 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg ring-1 ring-slate-900/5"
            // The input keeps the focus while an option is pointed at and picked.
            onMouseDown={(e) => e.preventDefault()}
          >
            {correction ? (
              <div data-testid="suggest-correction" className="flex items-start gap-2.5 border-b border-slate-100 bg-amber-50/60 px-3 py-2.5">
                <SpellCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
                <p className="min-w-0 text-sm text-slate-700">
                  <span className="block font-medium text-ink">
                    Did you mean <span className="font-semibold">{correction}</span>?
                  </span>
                  <span className="block truncate text-[0.8125rem] text-slate-500">No places match “{typed}”.</span>
                </p>
              </div>
            ) : null}
            {options.length === 0 ? (
              renderEmptyState()
            ) : (
              <div role="listbox" aria-labelledby={ids.label} className={cn("overflow-y-auto p-1", correction ? "max-h-80" : "max-h-96")}>
                {sections.map((section) => (
                  <div
                    key={section.id}
                    role="group"
                    aria-labelledby={`${id}-${section.id}`}
                    className="not-first:mt-1 not-first:border-t not-first:border-slate-100 not-first:pt-1"
                  >
                    <div
                      id={`${id}-${section.id}`}
                      role="presentation"
                      className="flex items-center justify-between px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                    >
                      <span>{section.title}</span>
                      <span className="rounded-full bg-slate-100 px-1.5 py-px text-[0.6875rem] font-medium text-slate-600 tabular-nums">
                        <span className="sr-only">(</span>
                        {section.items.length}
                        <span className="sr-only">)</span>
                      </span>
                    </div>
                    {section.items.map((option) => {
                      const i = index++;
                      return (
                        <SuggestionOption
                          key={option.id}
                          id={optionId(i)}
                          option={option}
                          active={activeIndex === i ? (active?.by ?? "keys") : null}
                          selected={option.id === selectedId}
                          onPoint={() => setActive({ id: option.id, by: "pointer" })}
                          onPick={() => choose(option)}
                        />
                      );
                    })}
                  </div>
                ))}
              </div>
            )}
          </div>
        ) : null}
      </div>
      <span role="status" aria-live="polite" className="sr-only">
        {status}
      </span>
      {error ? (
        <p id={ids.help} className={fieldClasses.error}>
          <TriangleAlert className="mt-px size-3.5 shrink-0" />
          {error}
        </p>
      ) : description ? (
        <p id={ids.help} className={cn("block", fieldClasses.hint)}>
          {description}
        </p>
      ) : null}
    </div>
  );
}

function EmptyMessage({ children }: { children: React.ReactNode }) {
  return <p className="px-3 py-3 text-sm text-slate-500">{children}</p>;
}

function SuggestionOption({
  id,
  option,
  active,
  selected,
  onPoint,
  onPick,
}: {
  id: string;
  option: Option;
  active: "keys" | "pointer" | null;
  selected: boolean;
  onPoint: () => void;
  onPick: () => void;
}) {
  const Icon = KIND_ICONS[option.choice.kind];
  const described = option.detail || option.stars;
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-label`}
      aria-describedby={described ? `${id}-detail` : undefined}
      data-active={active ?? undefined}
      onPointerMove={active ? undefined : onPoint}
      onClick={onPick}
      className={cn(
        "flex cursor-default items-center gap-3 rounded-lg px-3 py-2 text-ink",
        selected ? "bg-brand-100" : active && "bg-brand-50",
        active === "keys" && "ring-2 ring-brand-500/40",
      )}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600">
        <Icon aria-hidden className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span id={`${id}-label`} className="block truncate text-[0.9375rem] font-medium">
          {option.choice.name}
        </span>
        {described ? (
          <span id={`${id}-detail`} className="flex items-center gap-2 truncate text-[0.8125rem] text-slate-500">
            {option.detail ? <span className="truncate">{option.detail}</span> : null}
            {option.stars ? (
              <span className="flex shrink-0 items-center gap-px text-amber-500">
                <span className="sr-only">{option.stars}-star hotel</span>
                {Array.from({ length: Math.floor(option.stars) }, (_, i) => (
                  <Star key={i} aria-hidden className="size-3 fill-current" />
                ))}
                {option.stars % 1 ? <StarHalf aria-hidden className="size-3 fill-current" /> : null}
              </span>
            ) : null}
          </span>
        ) : null}
      </span>
    </div>
  );
}
