import { describe, expect, it } from "vitest";
import { ratingAverage, ratingWords, reviewAuthorName } from "@/lib/reviews/reviews";

describe("a review's author and rating in words (issue 40)", () => {
  it("shows the first name and the last name's initial, never an email", () => {
    expect(reviewAuthorName("Priya Ramesh Sharma")).toBe("Priya S.");
    expect(reviewAuthorName("  arjun   mehta ")).toBe("arjun M.");
    expect(reviewAuthorName("Kavya")).toBe("Kavya");
    expect(reviewAuthorName("")).toBe("A shopper");
    expect(reviewAuthorName("priya@example.com")).toBe("A shopper");
    expect(reviewAuthorName("Priya priya@example.com")).toBe("A shopper");
    expect(reviewAuthorName("Élodie Ørsted")).toBe("Élodie Ø.");
  });

  it("rounds the kept hundredths to one decimal and says the rating in words", () => {
    expect(ratingAverage(437)).toBe(4.4);
    expect(ratingAverage(395)).toBe(4);
    expect(ratingAverage(0)).toBe(0);
    expect(ratingWords(4.4, 12)).toBe("Rated 4.4 out of 5, 12 reviews");
    expect(ratingWords(5, 1)).toBe("Rated 5.0 out of 5, 1 review");
    expect(ratingWords(0, 0)).toBe("No reviews yet");
  });
});
