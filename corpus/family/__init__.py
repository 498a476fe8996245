"""One module per source of kernels; each defines FAMILIES (corpus.core.Family) and KERNELS
(corpus.core.CorpusKernel). corpus.FAMILY_MODULES lists them."""
