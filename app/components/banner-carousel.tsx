import { useT } from "~/lib/i18n/react";
import { useEffect, useState } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { BannerData } from "~/lib/catalogue";
import { useProfile } from "./shell/use-profile";

export const BANNER_ROTATION_MS = 5000;

/** Published banners; advances every 5 s with wrap-around, only when there is more than one. */
export function BannerCarousel({ banners: published }: { banners: BannerData[] }) {
  const signedIn = useProfile() !== null;
  // A signed-in person cannot sign up again: /signup would only send them home.
  const banners = signedIn ? published.filter((banner) => !invitesToSignUp(banner)) : published;
  const [index, setIndex] = useState(0);
  const t = useT();
  const count = banners.length;
  useEffect(() => {
    setIndex(0);
  }, [count]);
  useEffect(() => {
    if (count <= 1) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, index]);
  if (count === 0) return null;

  return (
    <section
      aria-roledescription={t("common.banners.carousel")}
      aria-label={t("common.banners.featured")}
      className="relative overflow-hidden rounded-3xl border border-line"
    >
      <div className="flex transition-transform duration-700 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((banner, position) => (
          <div
            key={banner.id}
            className="relative flex aspect-[16/9] w-full shrink-0 items-end bg-cover bg-center sm:aspect-[3/1]"
            style={{ backgroundImage: `url("${banner.imageUrl}")` }}
            aria-roledescription={t("common.banners.slide")}
            aria-label={t("common.banners.position", { position: position + 1, count })}
            aria-hidden={position !== index}
            data-testid="banner-slide"
          >
            <div className="absolute inset-0 bg-linear-to-r from-black/60 via-black/20 to-transparent" />
            <div className="relative flex flex-col items-start gap-2 p-5 sm:px-16 sm:py-10">
              <h2 className="text-xl font-extrabold sm:text-4xl">{banner.title}</h2>
              {banner.description ? <p className="text-sm text-ink/85 sm:text-lg">{banner.description}</p> : null}
              {banner.ctaTitle && banner.ctaUrl ? (
                <Link to={banner.ctaUrl} className="btn-primary mt-1" tabIndex={position === index ? 0 : -1}>
                  {banner.ctaTitle}
                </Link>
              ) : null}
            </div>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => setIndex((index - 1 + count) % count)}
            className="absolute top-1/2 left-2 hidden -translate-y-1/2 rounded-full bg-black/40 p-1.5 hover:bg-black/60 sm:block"
            aria-label={t("common.banners.previous")}
          >
            <ChevronLeft className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => setIndex((index + 1) % count)}
            className="absolute top-1/2 right-2 hidden -translate-y-1/2 rounded-full bg-black/40 p-1.5 hover:bg-black/60 sm:block"
            aria-label={t("common.banners.next")}
          >
            <ChevronRight className="size-5" />
          </button>
          <div className="absolute right-2 bottom-1 flex">
            {banners.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                onClick={() => setIndex(position)}
                className="group flex h-6 min-w-6 items-center justify-center px-1"
                aria-label={t("common.banners.show", { position: position + 1 })}
                aria-current={position === index}
              >
                {/* The dot is small; the button around it is the 24 px target (WCAG 2.5.8). */}
                <span className={`block h-1.5 rounded-full transition-all ${position === index ? "w-6 bg-ink" : "w-1.5 bg-ink/40 group-hover:bg-ink/70"}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** The banner's button leads to sign-up ("/signup", with or without a query or a host). */
function invitesToSignUp(banner: BannerData) {
  if (!banner.ctaUrl) return false;
  try {
    return new URL(banner.ctaUrl, "http://relative.invalid").pathname.replace(/\/+$/, "") === "/signup";
  } catch {
    return false;
  }
}
