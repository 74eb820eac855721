import { Link } from "@remix-run/react";
import { artworkPath } from "~/artworks/path";
import { responsiveImage } from "~/images/references";
import { Icon } from "~/ui/Icon";
import { SITE } from "~/ui/site";
import { certificateRows, type Certificate } from "~/sales/certificate";

export const CERTIFICATE_NOT_FOUND = "Certificate not found";

export type CertificatePageData = { certificate: Certificate } | { certificate: null; number: string };

/**
 * /certificate/{number}: what anyone holding a certificate checks it against (the work, its edition, the
 * day it was sold; never the buyer), or, for a number no sale stands behind, that it is not one.
 */
export function CertificatePage({ data }: { data: CertificatePageData }) {
  if (!data.certificate) return <CertificateMissing number={data.number} />;
  const { certificate } = data;
  const picture = certificate.image ? responsiveImage(certificate.image, certificate.imageCopies) : null;
  return (
    <section className="section page certificate" aria-labelledby="certificate-title">
      <p className="certificate__kicker">
        <Icon name="check-circle" size={18} /> Verified certificate
      </p>
      <h1 id="certificate-title" className="page__title">
        Certificate of authenticity
      </h1>
      <p className="page__subtitle">
        Issued by {SITE.artistName} for the work below. The number on your certificate matches this record.
      </p>
      <div className="certificate__body">
        {picture ? (
          <div className="certificate__picture">
            <img
              src={picture.src}
              srcSet={picture.srcSet}
              sizes="(min-width: 900px) 420px, calc(100vw - 32px)"
              alt={certificate.title}
              decoding="async"
            />
          </div>
        ) : null}
        <dl className="certificate__rows">
          {certificateRows(certificate).map(([label, value]) => (
            <div key={label} className="certificate__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {certificate.artworkId ? (
        <div className="button-row certificate__actions">
          <Link to={artworkPath(certificate.artworkId)} className="button button--primary">
            See the work
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function CertificateMissing({ number }: { number: string }) {
  return (
    <section className="not-found" aria-labelledby="certificate-missing-title">
      <h1 id="certificate-missing-title">{CERTIFICATE_NOT_FOUND}</h1>
      <p className="lead">
        No certificate stands behind the number {number}. Check it against the one printed on your certificate, or ask{" "}
        {SITE.artistName}.
      </p>
      <div className="button-row">
        <Link to="/contact" className="button button--primary">
          <Icon name="mail" size={18} /> Contact the artist
        </Link>
      </div>
    </section>
  );
}
