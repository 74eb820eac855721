import { Link } from "@remix-run/react";
import { formatPence } from "~/ui/money";
import { approximately, ratesNote } from "~/rates/convert";
import type { ExchangeRates } from "~/rates/schema";
import type { CommissionsContent } from "~/commissions/content";
import { COMMISSION_REQUEST_PATH } from "~/commissions/path";

/** "Commissions" (/commissions): what she paints to order, a price guide by size, how long it takes, the steps. */
export function CommissionsPage({ content, rates }: { content: CommissionsContent; rates: ExchangeRates | null }) {
  return (
    <section className="section page commissions" aria-labelledby="commissions-title">
      <h1 id="commissions-title" className="page__title">
        Commissions
      </h1>
      <p className="page__subtitle commissions__intro">{content.intro}</p>

      <h2 className="commissions__heading">What I paint</h2>
      <ul className="commissions__subjects">
        {content.subjects.map((subject, index) => (
          <li key={index} className="card-panel">
            <h3 className="commissions__subject">{subject.title}</h3>
            <p>{subject.text}</p>
          </li>
        ))}
      </ul>

      {content.prices.length > 0 ? (
        <>
          <h2 className="commissions__heading">Prices</h2>
          <table className="commissions__prices">
            <caption className="visually-hidden">Prices of an original by size</caption>
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {content.prices.map((price, index) => (
                <tr key={index}>
                  <th scope="row">{price.size}</th>
                  <td>
                    {formatPence(price.fromPence)}
                    {rates ? (
                      <span className="commissions__conversion">{approximately(price.fromPence, rates)}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {content.pricesNote ? <p className="commissions__note">{content.pricesNote}</p> : null}
      {rates && content.prices.length > 0 ? <p className="commissions__note">{ratesNote(rates)}</p> : null}

      <h2 className="commissions__heading">How long it takes</h2>
      <p>{content.leadTime}</p>

      <h2 className="commissions__heading">How it works</h2>
      <ol className="commissions__steps">
        {content.steps.map((step, index) => (
          <li key={index}>
            <strong>{step.title}</strong>: {step.text}
          </li>
        ))}
      </ol>
      <p className="button-row">
        <Link to={COMMISSION_REQUEST_PATH} className="button button--primary">
          Ask for a commission
        </Link>
      </p>
    </section>
  );
}
