// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { contentByShape } from "./__fixtures__";
import { HotelGallery, orderImages } from "./hotel-gallery";

afterEach(cleanup);

const images = [
  { url: "/m/0.svg", caption: "Single Room", heroImage: false },
  { url: "/m/1.svg", caption: null, heroImage: false },
  { url: "/m/2.svg", caption: "Property building", heroImage: true },
];

describe("HotelGallery", () => {
  it("puts hero images first", () => {
    expect(orderImages(images).map((i) => i.url)).toEqual(["/m/2.svg", "/m/0.svg", "/m/1.svg"]);
  });

  it("moves through the photos with the arrow keys, Home and End, with captions or a fallback alt text", async () => {
    const user = userEvent.setup();
    render(<HotelGallery hotelName="Crown Palace London" images={images} />);
    const main = () => screen.getByRole("group");
    expect(main()).toHaveAccessibleName(/^Photo 1 of 3: Property building/);
    expect(screen.getByRole("img", { name: "Property building" })).toBeInTheDocument();

    const thumbs = screen.getAllByRole("button", { name: /^Show photo/ });
    await user.click(thumbs[0]!);
    await user.keyboard("{ArrowRight}");
    expect(thumbs[1]).toHaveFocus();
    expect(thumbs[1]).toHaveAttribute("aria-current", "true");
    await user.keyboard("{ArrowRight}");
    expect(main()).toHaveAccessibleName(/^Photo 3 of 3: Crown Palace London photo 3/);
    await user.keyboard("{ArrowRight}");
    expect(thumbs[0]).toHaveFocus();
    await user.keyboard("{End}");
    expect(thumbs[2]).toHaveFocus();
    await user.keyboard("{Home}");
    expect(thumbs[0]).toHaveFocus();

    // From the large photo itself, too.
    main().focus();
    await user.keyboard("{ArrowLeft}");
    expect(main()).toHaveAccessibleName(/^Photo 3 of 3/);
    await user.click(screen.getByRole("button", { name: "Next photo" }));
    expect(main()).toHaveAccessibleName(/^Photo 1 of 3/);
    // One tab stop for the strip.
    expect(thumbs.filter((t) => t.tabIndex === 0)).toHaveLength(1);
  });

  it("renders the sandbox's real image list", () => {
    const hotel = contentByShape.objects;
    render(<HotelGallery hotelName={hotel.name} images={hotel.content!.images} />);
    expect(screen.getAllByRole("button", { name: /^Show photo/ })).toHaveLength(hotel.content!.images.length);
  });
});
