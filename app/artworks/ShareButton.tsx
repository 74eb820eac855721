import { useState } from "react";
import { artworkPath } from "~/artworks/path";
import { SITE } from "~/ui/site";
import { FEEDBACK_MS, useTimeout } from "~/ui/use-timeout";
import { trackEvent } from "~/analytics/client";
import { Icon } from "~/ui/Icon";

const LINK_COPIED = "Link copied to clipboard!";

/** Shares the artwork page with the system share sheet, or copies its link (showing it if copying fails). */
export function ShareButton({ title, id, disabled }: { title: string; id: string; disabled: boolean }) {
  // How many times the link has been copied (0: no toast). Each copy is a new toast with its own
  // 3 seconds, even while the last one is still showing.
  const [copies, setCopies] = useState(0);
  const [fallbackUrl, setFallbackUrl] = useState<string | null>(null);

  async function share() {
    const url = new URL(artworkPath(id), window.location.origin).toString();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: `${title} by ${SITE.artistName}`, url });
        trackEvent("share", id);
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    if (await copyText(url)) {
      trackEvent("share", id);
      setFallbackUrl(null);
      setCopies((count) => count + 1);
    } else {
      setFallbackUrl(url);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={share} disabled={disabled}>
        <Icon name="share-2" size={18} /> Share
      </button>
      <div className="toast-region" role="status" aria-live="polite">
        {copies > 0 ? <CopiedToast key={copies} onDone={() => setCopies(0)} /> : null}
        {fallbackUrl ? (
          <p className="toast toast--wide">
            Copy this link: <span className="toast__url">{fallbackUrl}</span>
            <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => setFallbackUrl(null)}>
              <Icon name="x" size={18} />
            </button>
          </p>
        ) : null}
      </div>
    </>
  );
}

function CopiedToast({ onDone }: { onDone: () => void }) {
  useTimeout(true, onDone, FEEDBACK_MS);
  return (
    <p className="toast">
      <Icon name="check-circle" size={18} /> {LINK_COPIED}
    </p>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or a denied permission: the selection-based fallback.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
