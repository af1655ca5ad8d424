extension CommandLineOptions {
    static let usage = """
        usage: hike-reviews [--data PATH] [--target LANG]
               hike-reviews detect [--json] [--threads N] [FILE...]
               hike-reviews translate --to LANG [--from LANG] [--engine E] [--strategy S] [--format text|html]
                                      [--glossary FILE] [--json] [--yes] [--no-cache] [FILE...]
               hike-reviews translate --to LANG [--from LANG] [--engine E] [--glossary FILE] [--json] [--yes] --file IN --out OUT
               hike-reviews availability FROM TO [--engine E] [--strategy S]
               hike-reviews packs list [--json]
               hike-reviews packs install ID... [--yes]
               hike-reviews packs remove ID...
               hike-reviews cache stats [--json]
               hike-reviews cache clear
               hike-reviews serve [--listen ADDR:PORT] [--api-keys FILE] [--char-limit N]
                                  [--connections-per-address N] [--request-deadline SECONDS] [--apy-pivots]
                                  [--req-limit N] [--daily-req-limit N] [--trust-forwarded-for]
                                  [--metrics] [--metrics-auth-token TOKEN] [--glossary FILE]
               hike-reviews --help | --version
        Anywhere: --packs-url URL (a pack repository's index.json; again for more), --store DIR (the pack store),
                  --no-cache (translate without the translation memory),
                  --remote URL (a LibreTranslate or Apertium-APy server to translate with; again for more)
        """

    static let help = """
        hike-reviews: hiking routes across Europe and their reviews in any language, in the terminal.

        \(usage)

        Browse (the default):
          --data PATH      routes.json, or a folder that holds one. Without it: $HIKE_REVIEWS_DATA,
                           else ./sample-data/routes.json, else the sample data of the checkout
                           the binary was built in, or of its installation (make install).
          --target LANG    the language to translate into (BCP 47, e.g. en, es, pt-BR). Default:
                           from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en.

        detect: identify the language of texts, one per line, from the files or standard input.
          Prints TAG<TAB>CONFIDENCE<TAB>reliable|unreliable per input line; TAG is und when the
          text is too short or ambiguous. --json prints one JSON object per line instead.
          --threads N (1 to 64): lines already read are recognised on up to N threads, printed in
          input order all the same (default: the processors, at most 8; 1: one line at a time).

        translate: translate texts, one per line, from the files or standard input, offline with
          the language packs installed (and Debian's Apertium pairs, and the data roots named in
          HIKE_REVIEWS_PAIRS_PATH). One output line per input line, in order, each printed as soon
          as it is ready. Without --from the language of each line is detected. --json prints one
          JSON object per line. --yes downloads the packs a translation needs; without it such
          lines fail and the exit status is 3.
          --format html: each input (a file, or standard input) is one HTML document: markup,
          scripts and comments kept, text translated; on an Apertium route the output is what
          `apertium -f html` prints. text (the default): a text per line.
          --file IN --out OUT: one document (.txt, .html, .docx, .odt or .pptx, told from its bytes;
          a name that says another format is refused) translated whole into OUT in the same format,
          markup and styles kept; OUT is written at once (never half) and may not be IN. Zips are
          opened under limits (32 MB in, 2,000 entries, 64 MB an entry, 256 MB in all, 100 to 1).
          --glossary FILE (else $HIKE_REVIEWS_GLOSSARY): terms kept as written, one per line;
          term<TAB>lang<TAB>translation translates a term one fixed way into lang. Matched as whole
          words, case-sensitively, longest first; empty lines and lines starting with # are
          skipped; a bad line is an error naming the file and line (exit status 2).
          --engine auto|neural|apertium|remote: the engines a route may use. auto (the default)
          takes installed packs, then remote servers, before downloads; then a direct neural model,
          a direct Apertium pair, then the fewest legs, neural ones preferred.
          --strategy high-fidelity|low-latency: Apple's translation strategies. high-fidelity (the
          default) prefers neural models where a route of them is installed or reachable;
          low-latency prefers Apertium pairs (fast once warm, less memory). Either falls back to
          the other engine when only it translates the pair.
          --remote URL (again for more; else $HIKE_REVIEWS_REMOTE, URLs separated by spaces): a
          LibreTranslate or Apertium-APy server whose pairs are legs of engine remote. Several
          servers of one kind share the load; a failing server's texts go to the next, and one
          that fails twice is left out for 30 s. A probe has 5 s, a request 30 s; answers over
          4 MB, compressed answers and redirects are refused. Texts go to a
          server only with consent: --yes gives it (naming the servers on stderr); without it
          such lines fail naming the servers (exit status 3).
          Every translation is remembered (see cache): a line translated before on the same route
          with the same pack versions is answered from memory; --json says "remembered": true.
        availability: prints installed, supported (packs to download) or unsupported for a pair
          (--engine and --strategy as for translate).

        packs: the language packs. list shows installed, available and system packs (--json: a JSON
          array); install downloads, verifies and installs packs, asking first on a terminal
          (--yes: without asking); remove deletes packs from the store.
          The repositories are --packs-url (any number of times) or $HIKE_REVIEWS_PACKS_URL (URLs
          separated by spaces): each an index.json over http, https or file, ours or Argos
          Translate's package index; the first to list a pack wins. By default the one `make run`
          builds in .build/pack-repo (installed: PREFIX/share/hike-reviews/pack-repo), then the
          public Argos index (raw.githubusercontent.com/argosopentech/argospm-index), asked for 5 s
          at most; when it does not answer its last copy is listed and its packs wait. The store is
          $HIKE_REVIEWS_STORE or --store, by default $XDG_DATA_HOME/hike-reviews/packs
          (~/.local/share/hike-reviews/packs). HIKE_REVIEWS_OFFLINE=1 refuses network downloads
          and never asks the public index.
          A download that gets no data for 30 s ($HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS), or under
          1000 bytes/s ($HIKE_REVIEWS_DOWNLOAD_MIN_RATE), is given up; nothing of it is kept.

        cache: the translation memory, one SQLite file per user: $HIKE_REVIEWS_CACHE_DIR/memory.sqlite,
          else $XDG_CACHE_HOME/hike-reviews/memory.sqlite (~/.cache/hike-reviews/memory.sqlite). It is
          keyed by the text exactly as given, the route, each leg's engine, pack and pack version:
          an updated or removed pack's entries are never used again and are deleted later. stats
          prints its entries, size and hit rates (this process's and overall; --json: one object);
          clear forgets everything. --no-cache or HIKE_REVIEWS_CACHE=0 translates without it;
          HIKE_REVIEWS_CACHE_MAX_MB (default 256) caps it, least recently used entries go first.

        serve: a translation server over the installed packs (it never downloads: install packs first with
          `packs install`), speaking LibreTranslate's API (GET /languages, POST /translate, POST /detect,
          POST /translate_file and GET /download_file/NAME (documents, kept 30 minutes),
          GET /frontend/settings, GET /health, GET /spec) and Apertium-APy's (GET /listPairs,
          GET|POST /translate?langpair=spa|eng&q=..., /identifyLang, /listLanguageNames, POST
          /translateDoc (txt, html, docx, odt, pptx), and its tools /list, /analyze, /generate, /perWord,
          /calcCoverage, /pipedebug, /translateChain, /stats; GET /spec describes every route), until
          SIGTERM or SIGINT (it then finishes what is in flight, 10 s at most).
          SIGHUP re-reads the key file and the installed packs; requests in flight finish as they began.
          --listen ADDR:PORT   the IPv4 address and port (default 127.0.0.1:5000)
          --api-keys FILE      keys a request must give as api_key, one per line (default: none needed)
          --char-limit N       characters of text per request, at most, counted as Unicode code points
                               (as LibreTranslate counts; default 20000); also at most 128 texts and a
                               1 MB body per request. One access line per request on stderr.
          --connections-per-address N
                               open connections from one client address, at most (default 64; 1000 in all);
                               past either, a newer one closes the oldest idle or slow one
          --request-deadline SECONDS
                               a request's head must come in within SECONDS of its connection opening or
                               the previous answer, its body within twice that (default 30); else 408.
          --apy-pivots         APy's /listPairs also lists routes through a third language (default: only
                               the directions packs ship, as APy lists them; /translate takes both)
          --req-limit N        requests per client in a minute, at most, to the work routes (LibreTranslate's
                               /translate and /detect; APy's but /, /listPairs and /listLanguageNames); past it 429
                               "Slowdown: N per 1 minute" (default: no limit). A client is its API key
                               when keys are needed, else its address
          --daily-req-limit N  the same per day (default: no limit)
          --trust-forwarded-for
                               a client's address is the first of X-Forwarded-For (only behind a proxy
                               that sets it: a client can write any address there)
          --metrics            GET /metrics answers in Prometheus's text format: requests by route and
                               status, latency, queue, texts by engine, memory hits (default: off)
          --metrics-auth-token TOKEN
                               /metrics needs "Authorization: Bearer TOKEN" (else 401)
          --glossary FILE      terms every translation keeps (as translate --glossary; else
                               $HIKE_REVIEWS_GLOSSARY), read again on SIGHUP with the packs.
                               LibreTranslate's format=html and APy's format=html translate a document
          Heads: a request target of 16 KiB, 100 query parameters, 100 header fields and 16 KiB of
          them at most (414, 400, 431); ambiguous framing (two Content-Lengths, Content-Length with
          Transfer-Encoding, whitespace before a colon) gets 400 and the connection closed.

        In the app press ? for the keys.
        Exit status: 0 done, 1 error, 2 usage error or no offline route, 3 packs needed and not approved.
        """
}
