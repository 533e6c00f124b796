// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import {
  BrowserRouter,
  createMemoryHistory,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Router,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type History,
  type RouteObject,
} from './router.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function Chip() {
  const { username, slug } = useParams();
  return <h1>{`${username}/${slug}`}</h1>;
}

const routes: RouteObject[] = [
  {
    element: (
      <main>
        <Where />
        <Outlet />
      </main>
    ),
    children: [
      { path: '/', element: <h1>Home</h1> },
      { path: '/artchip/:username/:slug', element: <Chip /> },
      { path: '*', element: <h1>Not found</h1> },
    ],
  },
];

function App() {
  return useRoutes(routes);
}

function renderAt(history: History, ui = <App />) {
  return render(<Router history={history}>{ui}</Router>);
}

describe('useRoutes', () => {
  it('renders the page inside its layout, with the params of the path', () => {
    renderAt(createMemoryHistory(['/artchip/may/night-sky']));
    expect(screen.getByRole('heading').textContent).toBe('may/night-sky');
    expect(screen.getByTestId('where').textContent).toBe('/artchip/may/night-sky');
  });

  it('renders the same on the server at a fixed location', () => {
    const html = renderToString(
      <StaticRouter location="/nowhere?x=1">
        <App />
      </StaticRouter>,
    );
    expect(html).toContain('<h1>Not found</h1>');
    expect(html).toContain('/nowhere?x=1');
  });
});

describe('Link', () => {
  it('navigates in the app on a plain click and adds a history entry', async () => {
    const history = createMemoryHistory(['/']);
    renderAt(
      history,
      <>
        <App />
        <Link to="/artchip/may/night-sky">Night sky</Link>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Night sky' });
    expect(link.getAttribute('href')).toBe('/artchip/may/night-sky');
    await userEvent.click(link);
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('may/night-sky'));
    act(() => history.go(-1));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Home'));
  });

  it('leaves modified clicks, other targets and other sites to the browser', async () => {
    const history = createMemoryHistory(['/']);
    const clicks: boolean[] = [];
    renderAt(
      history,
      <div
        onClick={(e) => {
          clicks.push(e.defaultPrevented);
          // jsdom cannot follow them; the browser would.
          e.preventDefault();
        }}
      >
        <Link to="/faq">FAQ</Link>
        <Link to="/faq" target="_blank">
          FAQ in a tab
        </Link>
        <Link to="https://example.com/">Elsewhere</Link>
      </div>,
    );
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('link', { name: 'FAQ in a tab' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(clicks).toEqual([false, false, false]);
    expect(history.location.pathname).toBe('/');
  });

  it("runs the link's own onClick first, which may keep the router out", async () => {
    const history = createMemoryHistory(['/']);
    renderAt(
      history,
      <Link to="/faq" onClick={(e) => e.preventDefault()}>
        FAQ
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(history.location.pathname).toBe('/');
  });

  it('replaces the entry when it leads where we are', async () => {
    const history = createMemoryHistory(['/', '/faq']);
    renderAt(history, <Link to="/faq">FAQ</Link>);
    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/');
  });
});

describe('NavLink', () => {
  function Nav() {
    return (
      <nav>
        {['/', '/marketplace', '/faq'].map((to) => (
          <NavLink key={to} to={to} end={to === '/'} className={({ isActive }) => (isActive ? 'on' : 'off')}>
            {to}
          </NavLink>
        ))}
      </nav>
    );
  }

  it('marks the link to the current page and the pages below it, `end` only the page itself', () => {
    renderAt(createMemoryHistory(['/Marketplace/some']), <Nav />);
    const state = screen.getAllByRole('link').map((a) => [a.textContent, a.className, a.ariaCurrent]);
    expect(state).toEqual([
      ['/', 'off', null],
      ['/marketplace', 'on', 'page'],
      ['/faq', 'off', null],
    ]);
  });
});

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="q">{params.get('q') ?? ''}</p>
        <button
          onClick={() =>
            setParams(
              (current) => {
                current.set('q', 'sky');
                return current;
              },
              { replace: true },
            )
          }
        >
          Search
        </button>
        <button onClick={() => setParams({})}>Clear</button>
      </>
    );
  }

  it('reads the query and sets it on the same path, keeping the other params', async () => {
    const history = createMemoryHistory(['/', '/marketplace?sort=new#top']);
    renderAt(history, <Filters />);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('sky'));
    expect(history.location).toMatchObject({ pathname: '/marketplace', search: '?sort=new&q=sky', hash: '' });
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/');
  });

  it('drops an empty query altogether', async () => {
    const history = createMemoryHistory(['/marketplace?q=sky']);
    renderAt(history, <Filters />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(history.location).toMatchObject({ pathname: '/marketplace', search: '' });
  });
});

describe('Navigate and useNavigate', () => {
  it('Navigate goes on once rendered', async () => {
    const history = createMemoryHistory(['/old']);
    renderAt(history, <Navigate to="/new?x=1" replace />);
    await waitFor(() => expect(history.location.pathname).toBe('/new'));
    expect(history.location.search).toBe('?x=1');
  });

  it('keeps one navigate function across navigations', async () => {
    const seen = new Set<unknown>();
    function Probe() {
      const navigate = useNavigate();
      seen.add(navigate);
      return <button onClick={() => navigate('/faq')}>Go</button>;
    }
    const history = createMemoryHistory(['/']);
    renderAt(history, <Probe />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(history.location.pathname).toBe('/faq');
    expect(seen.size).toBe(1);
  });
});

describe('BrowserRouter', () => {
  it('follows the address bar: pushes entries, and renders back and forward', async () => {
    window.history.replaceState(null, '', '/artchip/may/night-sky');
    render(
      <BrowserRouter>
        <App />
        <Link to="/">Home</Link>
      </BrowserRouter>,
    );
    expect(screen.getByRole('heading').textContent).toBe('may/night-sky');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('Home'));
    expect(window.location.pathname).toBe('/');
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole('heading').textContent).toBe('may/night-sky'));
  });
});
