// Progressive enhancement only: every page works without this script.
"use strict";
