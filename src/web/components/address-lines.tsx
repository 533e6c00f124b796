import { Fragment } from 'react';
import { addressLabelLines, type PostalAddress } from '#shared/address-format.ts';

/**
 * An address as the lines of a label, in its country's order ("75002 Paris"), one rule with the
 * e-mails (addressLabelLines). `show` leaves out the name or the country where the caller shows them.
 */
export function AddressLines({
  address,
  show,
}: {
  address: PostalAddress;
  show?: { name?: boolean; country?: boolean };
}) {
  return (
    <>
      {addressLabelLines(address, show).map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}
