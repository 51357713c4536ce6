"use client";

import type { ActivityCriteria } from "@/lib/search/criteria";
import { BrowseDestinations } from "./browse-destinations";
import { DateField } from "./date-range-field";
import { OccupancyEditor } from "./occupancy-editor";
import { Bound, FieldRow, PlaceField } from "./search-field";
import { type FieldsProps, ProductForm, type ProductFormProps } from "./search-form-shell";

/** The activity search form (loaded with its tab by the search page). */
export function ActivityForm({ today, ...props }: ProductFormProps<"activity">) {
  return (
    <ProductForm productType="activity" {...props}>
      {(form) => <ActivityFields form={form} today={today} />}
    </ProductForm>
  );
}

export function ActivityFields({ form, today }: FieldsProps<ActivityCriteria>) {
  const { control } = form;
  return (
    <>
      <FieldRow>
        <PlaceField
          control={control}
          name="place"
          label="Destination"
          productType="activity"
          description="Pick a destination so the service knows exactly where; a typed name is matched as written."
          browse={(pick) => <BrowseDestinations onPick={pick} />}
        />
        <DateField control={control} name="date" label="Date" today={today} />
      </FieldRow>
      <FieldRow>
        <Bound control={control} name="occupancy">
          {(b) => <OccupancyEditor productType="activity" legend="Participants" {...b} />}
        </Bound>
      </FieldRow>
    </>
  );
}
