import { Mail } from "lucide-react";
import { FacebookIcon, InstagramIcon } from "~/ui/BrandIcons";
import { SITE } from "~/ui/site";

/** Instagram, Facebook and e-mail, as icon links with accessible names. */
export function SocialLinks({ size = 20, className = "social-links" }: { size?: number; className?: string }) {
  return (
    <ul className={className}>
      <li>
        <a
          href={SITE.social.instagram}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Instagram (opens in a new tab)"
        >
          <InstagramIcon size={size} />
        </a>
      </li>
      <li>
        <a
          href={SITE.social.facebook}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Facebook (opens in a new tab)"
        >
          <FacebookIcon size={size} />
        </a>
      </li>
      <li>
        <a href={`mailto:${SITE.email}`} aria-label={`E-mail ${SITE.email}`}>
          <Mail size={size} aria-hidden="true" />
        </a>
      </li>
    </ul>
  );
}
