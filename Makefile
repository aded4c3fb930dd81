# Scorepad: build, run and test.  `make run` serves the site; `make test` runs everything CI runs.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
# The steps of `make test` must run in order, even under `make -j`.
.NOTPARALLEL:

VENV := .venv
PY := $(VENV)/bin/python
RUFF := $(VENV)/bin/ruff
MYPY := $(VENV)/bin/mypy
# The JavaScript tools (package.json, pinned by package-lock.json; Node >= 20).
NODE_BIN := node_modules/.bin
# Interpreter used to create the venv; found by scripts/find-python unless given:
#   make PYTHON=/path/to/python3.13 run
PYTHON ?=

PG_BIN := /usr/lib/postgresql/15/bin
CHROMIUM := /usr/bin/chromium

# Playwright must never download browsers: the tests drive Debian's chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

# Settings for the production check (not a real secret: only used by `check --deploy`).
DEPLOY_CHECK_ENV := DEBUG=0 ALLOWED_HOSTS=example.com \
	SECRET_KEY=ci-deploy-check-7f3a9c1e5b8d2f6a0c4e9b7d1a3f5c8e2b6d0a4f9c7e1b5d3a8f2c6e0b4d9a7

.PHONY: help venv node run cluster haproxy lighthouse mutate test lint translations messages gettext test-js fmt check deploy-check collectstatic test-sqlite test-postgres \
	test-databases test-stress chromium fonts postgres clean

help:
	@echo "make run     set up the venv, migrate, load demo data, serve http://localhost:8000 (SQLite)"
	@echo "make test    lint, Django checks, whole suite on SQLite and on a throwaway PostgreSQL 15"
	@echo "make test-stress  the browser tests 3 times in a row beside two CPU burners (after changing them)"
	@echo "make lint    ruff check + ruff format --check + mypy (django-stubs), Biome, tsc --checkJs, make test-js"
	@echo "make test-js the outbox's store and state under Node's test runner (no browser; under a second)"
	@echo "make fmt     ruff format + ruff check --fix, Biome's format and safe fixes"
	@echo "make clean   remove the venv, caches, collected static files and test artifacts"
	@echo "make backup  back up the database in DATABASE_URL (SQLite: online) to backups/ (FILE=... to choose)"
	@echo "make restore FILE=...  replace the database in DATABASE_URL with a backup (stop the site first)"
	@echo "make cluster 2 app servers behind HAProxy on a throwaway PostgreSQL, demo data, http://127.0.0.1:8000 (PORT=...)"
	@echo "make screenshots  the main screens on a phone, light and dark, as PNGs in docs/screens/"
	@echo "make lighthouse  Lighthouse 12 on six screens, signed in, on a phone: docs/performance.md"
	@echo "make mutate  mutation testing of the games' scoring (mutmut): docs/mutation.md"
	@echo "make messages  extract the strings marked for translation into the .po files (docs/languages.md)"
	@echo "make bench   benchmarks under gunicorn on loopback (1,000 plays, 50-client load run): docs/performance.md"

# --- virtualenv ------------------------------------------------------------------------------

venv: $(VENV)/.installed

# The runtime (requirements.txt) and what developing and testing need on top of it.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	@if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
		py='$(PYTHON)'; \
		if [ -z "$$py" ]; then \
			py="$$(scripts/find-python)"; \
		elif ! "$$py" -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then \
			echo "error: PYTHON=$$py is not a working Python >= 3.12 (Django 6 needs it)." >&2; \
			exit 1; \
		fi; \
		echo "Creating $(VENV) with $$py ($$("$$py" --version))"; \
		rm -rf $(VENV); \
		"$$py" -m venv $(VENV); \
	fi
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

# The JavaScript tools, installed again only when package-lock.json changes.
node: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "error: npm (Node >= 20) is needed for the JavaScript tools." >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# --- running -------------------------------------------------------------------------------------

# Local development: DEBUG on, SQLite (db.sqlite3), demo data.
run: venv fonts translations
	env -u DATABASE_URL DEBUG=1 $(PY) manage.py migrate --noinput
	env -u DATABASE_URL DEBUG=1 $(PY) manage.py seed_demo
	env -u DATABASE_URL DEBUG=1 $(PY) manage.py runserver 0.0.0.0:8000

# Several app servers: a throwaway PostgreSQL (scripts/with-postgres), demo data, 2 gunicorn
# app servers and HAProxy in front of them on 127.0.0.1:$(PORT), until Ctrl-C. Not `make run`.
PORT ?= 8000
SERVERS ?= 2
cluster: venv node fonts postgres haproxy translations
	PY=$(PY) scripts/cluster --port $(PORT) --servers $(SERVERS)

haproxy:
	@if ! command -v haproxy >/dev/null && [ ! -x /usr/sbin/haproxy ]; then scripts/apt-install haproxy; fi

# --- backups ------------------------------------------------------------------------------------

# The app's environment: DATABASE_URL (SQLite db.sqlite3 when unset), SECRET_KEY; without a
# SECRET_KEY, DEBUG=1 as for `make run` (settings refuse to load otherwise).
APP_ENV = env $$([ -n "$${SECRET_KEY:-}" ] || echo DEBUG=1)

.PHONY: backup restore

# Prints the file written: backups/scorepad-<engine>-<UTC timestamp>.<sqlite3|dump>.
backup: venv
	$(APP_ENV) $(PY) manage.py backup $(if $(FILE),"$(FILE)")

# Saves the current database to backups/...-before-restore.* first.
restore: venv
	@if [ -z "$(FILE)" ]; then \
		echo "usage: make restore FILE=backups/scorepad-<engine>-<timestamp>.<sqlite3|dump>" >&2; \
		echo "(\`make backup\` prints the file it writes; stop the site before restoring)" >&2; \
		exit 2; \
	fi
	$(APP_ENV) $(PY) manage.py restore "$(FILE)"

# --- tests ---------------------------------------------------------------------------------------

# Each stage timed (scripts/timed); the output ends with how long each took and each
# database's pytest summary, a failed stage included.
test:
	@scripts/timed --reset
	@rc=0; \
	scripts/timed setup $(MAKE) --no-print-directory venv chromium fonts postgres collectstatic \
		&& scripts/timed lint $(MAKE) --no-print-directory lint \
		&& scripts/timed checks $(MAKE) --no-print-directory check deploy-check \
		&& $(MAKE) --no-print-directory test-databases \
		|| rc=$$?; \
	scripts/timed --report; exit $$rc

lint: venv node gettext
	$(PY) scripts/translations.py check
	$(RUFF) check .
	$(RUFF) format --check .
	$(MYPY)
	$(NODE_BIN)/biome check
	$(NODE_BIN)/tsc -p jsconfig.json
	$(NODE_BIN)/tsc -p jsconfig.games.json
	$(NODE_BIN)/tsc -p jsconfig.worker.json
	$(NODE_BIN)/tsc -p tests/js/jsconfig.json
	$(MAKE) --no-print-directory test-js

# Pure functions only (the outbox's state and its store's answers); `make lint` runs it.
test-js: node
	node --test tests/js/*.test.js

fmt: venv node
	$(RUFF) format .
	$(RUFF) check --fix .
	$(NODE_BIN)/biome check --write

check: venv
	env -u DATABASE_URL DEBUG=1 $(PY) manage.py check

deploy-check: venv
	env -u DATABASE_URL $(DEPLOY_CHECK_ENV) $(PY) manage.py check --deploy --fail-level WARNING

# WhiteNoise's manifest storage needs collected files when templates use {% static %}
# with DEBUG off, as they do under the test runner.
collectstatic: venv node translations
	env -u DATABASE_URL $(DEPLOY_CHECK_ENV) $(PY) manage.py collectstatic --noinput --verbosity 0

test-sqlite: venv chromium fonts translations
	env -u DATABASE_URL $(PY) -m pytest

# The tests that use a database (tests/conftest.py leaves out the pure ones, run above, and
# the browser tests marked one_database).
test-postgres: venv chromium fonts postgres translations
	scripts/with-postgres $(PY) -m pytest

# Both of the above at once, SQLite as two passes (its browser tests, the rest): two cores,
# and the browser tests mostly wait. What `make test` runs.
test-databases: venv chromium fonts postgres translations
	scripts/test-databases $(PY)

# Not part of `make test`: run it whenever browser tests change. RUNS=3 by default.
test-stress: venv chromium collectstatic
	scripts/stress $(PY) $(or $(RUNS),3)

chromium:
	@if [ ! -x $(CHROMIUM) ]; then scripts/apt-install chromium; fi

# The translations' compiled catalogues (.mo, not committed) from the .po files of
# locale/ and of each game's locale folder, by Debian's gettext (docs/languages.md).
translations: venv gettext
	DEBUG=1 $(PY) manage.py compilemessages --verbosity 0 --ignore '.venv' --ignore 'node_modules' \
		--ignore 'mutants' --ignore 'staticfiles'

# Extracts every string marked for translation into the .po files (then translate them).
messages: venv gettext
	DEBUG=1 $(PY) scripts/translations.py extract

gettext:
	@if ! command -v msgfmt >/dev/null; then scripts/apt-install gettext; fi

# The shareable cards' fonts (scorepad/cards.py, settings.CARD_FONT_DIR).
CARD_FONT := /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
fonts:
	@if [ ! -f $(CARD_FONT) ]; then scripts/apt-install fonts-dejavu-core; fi

postgres:
	@if [ ! -x $(PG_BIN)/initdb ]; then scripts/apt-install postgresql-15; fi

clean:
	rm -rf $(VENV) node_modules staticfiles test-artifacts .pytest_cache .ruff_cache
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +

# --- screenshots (not part of `make test`) ---------------------------------------------------------

.PHONY: screenshots

# A throwaway SQLite database with the demo data, runserver on a free 127.0.0.1 port, and
# Debian's chromium as a 390x844 phone: the main screens, light and dark, written to
# docs/screens/<screen>-<scheme>.png (scripts/screenshots.py --help: --only, --out).
screenshots: venv chromium fonts translations
	env -u DATABASE_URL $(PY) scripts/screenshots.py

# --- benchmarks (not part of `make test`) ---------------------------------------------------------

.PHONY: bench

# gunicorn (2 workers) on a free 127.0.0.1 port with production settings, a throwaway SQLite
# database seeded with 1,000 plays; prints one table and writes it into docs/performance.md.
# scripts/bench.py --help for the knobs (requests per row, load-run length, --no-write).
# Then the same on PostgreSQL, and the cluster rows: 2 app servers behind HAProxy
# (`scripts/bench.py --only cluster` runs those alone).
# Lighthouse 12 on six screens (scripts/lighthouse.py): not part of `make test`.
lighthouse: venv node fonts chromium translations tools/lighthouse/node_modules/.installed
	env -u DATABASE_URL $(PY) scripts/lighthouse.py

tools/lighthouse/node_modules/.installed: tools/lighthouse/package.json tools/lighthouse/package-lock.json
	cd tools/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# mutmut over games/ with the pure tests (scripts/mutate.py): each module's score and each
# survivor into docs/mutation.md. Not part of `make test`.
mutate: venv
	env -u DATABASE_URL $(PY) scripts/mutate.py

bench: venv node fonts postgres haproxy translations
	env -u DATABASE_URL $(PY) scripts/bench.py
