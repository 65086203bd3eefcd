# `make verify`: exhaustive Spin runs of the Promela models in verify/ (MPA connection setup and
# teardown, one model per configuration of verify/mpa_table.txt; the verbs QP state machine,
# verify/qp.pml with verify/qp_table.txt), each property proved or refuted; prints
# "VERIFY <model> states=N errors=E" per model and exits non-zero on any error.
# Needs spin (apt) and gcc. tests/test_model_mpa.c and tests/test_model_qp.c keep the tables
# equal to mpa.h and verbs.h.
.PHONY: verify
verify:
	@nice bash verify/run.sh $(VERIFY_MODELS)
