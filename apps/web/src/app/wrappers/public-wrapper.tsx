import type { ReactNode } from "react";
import { Logo } from "../../components/ui/logo";
import { SkipLink } from "../../components/ui/skip-link";
import { buttonClass, linkClass } from "../../components/ui/styles";
import { Link } from "../../lib/navigation";

/** Frame for signed-out visitors: top bar, page, footer. */
export function PublicWrapper({ children }: { children: ReactNode }) {
  return (
    <div data-testid="wrapper-public" className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
          <Link to="/" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-red-700">
            <Logo className="text-[15px] sm:text-base" />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <span className="hidden sm:block">
              <Link to="/blog" className={buttonClass.ghost}>
                Blog
              </Link>
            </span>
            <span className="hidden sm:block">
              <Link to="/faq" className={buttonClass.ghost}>
                FAQ
              </Link>
            </span>
            <Link to="/user/login" className={`${buttonClass.ghost} whitespace-nowrap max-sm:px-2`}>
              Sign in
            </Link>
            <Link to="/user/signup" className={`${buttonClass.primary} whitespace-nowrap max-sm:px-3`}>
              Get started
            </Link>
          </nav>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Rescue Academy. Exam preparation for rescue careers.</p>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              <li>
                <Link to="/blog" className={linkClass}>
                  Blog
                </Link>
              </li>
              <li>
                <Link to="/faq" className={linkClass}>
                  FAQ
                </Link>
              </li>
              <li>
                <Link to="/contact-us" className={linkClass}>
                  Contact us
                </Link>
              </li>
              <li>
                <Link to="/admin/login" className={linkClass}>
                  Staff sign in
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
