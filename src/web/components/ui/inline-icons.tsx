import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/**
 * A few of lucide's icons (ISC licence), drawn with lucide-react's attributes but without its icon
 * builder: the header and the price ticker show them on every page, and the builder would add
 * 1.3 KB gzip to the script every page loads first. Everywhere else, import icons from lucide-react.
 */
function InlineIcon({ paths, ...props }: IconProps & { paths: string[] }) {
  const isLabelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={isLabelled ? undefined : true}
      {...props}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return <InlineIcon paths={['M4 5h16', 'M4 12h16', 'M4 19h16']} {...props} />;
}

export function CloseIcon(props: IconProps) {
  return <InlineIcon paths={['M18 6 6 18', 'm6 6 12 12']} {...props} />;
}

export function ArrowUpIcon(props: IconProps) {
  return <InlineIcon paths={['m5 12 7-7 7 7', 'M12 19V5']} {...props} />;
}

export function ArrowDownIcon(props: IconProps) {
  return <InlineIcon paths={['M12 5v14', 'm19 12-7 7-7-7']} {...props} />;
}
