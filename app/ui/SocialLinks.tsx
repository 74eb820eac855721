import { SITE } from "~/ui/site";
import { Icon } from "~/ui/Icon";

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
          <Icon name="instagram" size={size} />
        </a>
      </li>
      <li>
        <a
          href={SITE.social.facebook}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Facebook (opens in a new tab)"
        >
          <Icon name="facebook" size={size} />
        </a>
      </li>
      <li>
        <a href={`mailto:${SITE.email}`} aria-label={`E-mail ${SITE.email}`}>
          <Icon name="mail" size={size} />
        </a>
      </li>
    </ul>
  );
}
